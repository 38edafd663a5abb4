// answers: Which methods were reported to beat a baseline, by how much, on what?
// param: baseline = FlowVid (label or alternative label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
// A name is found through nameKeyText (every name, lower-cased, between ␟ marks): a text-index lookup.
MATCH (b:Method) WHERE b.nameKeyText CONTAINS '␟' + toLower($baseline) + '␟'
MATCH (p:Paper)-[:REPORTS_RESULT]->(r:Result)-[:AGAINST_BASELINE]->(b)
MATCH (r)-[:OF_METHOD]->(m:Method)
OPTIONAL MATCH (r)-[:FOR_METRIC]->(mt:Metric)
OPTIONAL MATCH (r)-[:ON_DATASET]->(d:Dataset)
RETURN m.label AS method, r.value AS value, r.unit AS unit, r.resultKind AS kind, mt.label AS metric, d.label AS dataset, p.identifier AS paper
ORDER BY method ASC, value DESC, paper ASC, r.uri ASC
LIMIT toInteger($limit)
