// answers: Which papers address a task, and which methods do they propose for it?
// param: task = continual learning (part of the task's label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
// labelKey is the task's label lower-cased: a text index answers CONTAINS.
MATCH (p:Paper)-[:ADDRESSES_TASK]->(t:Task)
WHERE t.labelKey CONTAINS toLower($task)
OPTIONAL MATCH (p)-[:PROPOSES]->(m:Method)
RETURN DISTINCT p.identifier AS paper, p.title AS title, t.label AS matched_task, m.label AS proposed
ORDER BY paper, matched_task, proposed
LIMIT toInteger($limit)
