// answers: Which metrics are used to evaluate each task (by number of papers)?
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (t:Task)<-[:ADDRESSES_TASK]-(p:Paper)-[:USES_METRIC]->(m:Metric)
RETURN t.label AS task, m.label AS metric, count(DISTINCT p) AS papers
ORDER BY papers DESC, task ASC, metric ASC
LIMIT toInteger($limit)
