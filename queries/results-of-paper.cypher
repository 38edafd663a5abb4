// answers: Every result a paper reports, with what it measures, where, and against what.
// param: paper = seed000-03 (the paper's identifier)
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (p:Paper {identifier: $paper})-[:REPORTS_RESULT]->(r:Result)
OPTIONAL MATCH (r)-[:FOR_METRIC]->(mt:Metric)
OPTIONAL MATCH (r)-[:ON_DATASET]->(d:Dataset)
OPTIONAL MATCH (r)-[:OF_METHOD]->(m:Method)
OPTIONAL MATCH (r)-[:AGAINST_BASELINE]->(b:Method)
RETURN r.uri AS result, r.value AS value, r.valueMax AS valueMax, r.unit AS unit, r.resultKind AS kind,
       mt.label AS metric, d.label AS dataset, m.label AS method, b.label AS baseline
ORDER BY result
LIMIT toInteger($limit)
