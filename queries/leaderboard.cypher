// answers: Leaderboard: every result reported on a dataset for a metric, best value first.
// param: dataset = ImageNet-1k (label or alternative label, any case)
// param: metric = linear evaluation accuracy (label or alternative label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
// A name is found through nameKeyText (every name, lower-cased, between ␟ marks): a text-index lookup.
MATCH (d:Dataset) WHERE d.nameKeyText CONTAINS '␟' + toLower($dataset) + '␟'
MATCH (mt:Metric) WHERE mt.nameKeyText CONTAINS '␟' + toLower($metric) + '␟'
MATCH (p:Paper)-[:REPORTS_RESULT]->(r:Result)-[:ON_DATASET]->(d)
MATCH (r)-[:FOR_METRIC]->(mt)
OPTIONAL MATCH (r)-[:OF_METHOD]->(m:Method)
RETURN m.label AS method, r.value AS value, r.unit AS unit, r.resultKind AS kind, p.identifier AS paper, r.evidence AS evidence
ORDER BY value DESC, paper ASC, method ASC
LIMIT toInteger($limit)
