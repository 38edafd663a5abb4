// answers: Which methods did a method beat, by how much, on what?
// param: method = StreamV2V (label or alternative label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
// A name is found through nameKeyText (every name, lower-cased, between ␟ marks): a text-index lookup.
MATCH (m:Method) WHERE m.nameKeyText CONTAINS '␟' + toLower($method) + '␟'
MATCH (p:Paper)-[:REPORTS_RESULT]->(r:Result)-[:OF_METHOD]->(m)
MATCH (r)-[:AGAINST_BASELINE]->(b:Method)
OPTIONAL MATCH (r)-[:FOR_METRIC]->(mt:Metric)
OPTIONAL MATCH (r)-[:ON_DATASET]->(d:Dataset)
RETURN b.label AS baseline, r.value AS value, r.unit AS unit, r.resultKind AS kind, mt.label AS metric, d.label AS dataset, p.identifier AS paper
ORDER BY baseline ASC, value DESC, paper ASC
LIMIT toInteger($limit)
