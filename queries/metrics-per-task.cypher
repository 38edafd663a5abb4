// answers: Which metrics are used to evaluate each task (by number of papers)?
// param: limit = 25 (at most this many rows; raise it for the full list)
// Reads the precomputed TaskMetricUse nodes (paperCount, taskMetricRank: position by papers, task, metric).
MATCH (u:TaskMetricUse)
WHERE u.taskMetricRank <= toInteger($limit)
MATCH (t:Task)<-[:ABOUT_TASK]-(u)-[:ABOUT_METRIC]->(m:Metric)
RETURN t.label AS task, m.label AS metric, u.paperCount AS papers
ORDER BY papers DESC, task ASC, metric ASC
LIMIT toInteger($limit)
