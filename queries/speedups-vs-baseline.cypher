// answers: Which speed-up (ratio) claims were made against a named baseline, and by which methods?
// param: baseline = FlowVid (label or alternative label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
// A name is found through nameKeyText (every name, lower-cased, between ␟ marks): a text-index lookup.
MATCH (b:Method) WHERE b.nameKeyText CONTAINS '␟' + toLower($baseline) + '␟'
MATCH (p:Paper)-[:REPORTS_RESULT]->(r:Result)-[:AGAINST_BASELINE]->(b)
WHERE r.resultKind = 'ratio'
OPTIONAL MATCH (r)-[:OF_METHOD]->(m:Method)
RETURN m.label AS method, r.value AS value, r.valueMax AS valueMax, r.unit AS unit, p.identifier AS paper, r.evidence AS evidence
ORDER BY value DESC, paper ASC, method ASC
LIMIT toInteger($limit)
