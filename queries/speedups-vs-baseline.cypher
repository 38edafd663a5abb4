// answers: Which speed-up (ratio) claims were made against a named baseline, and by which methods?
// param: baseline = FlowVid (label or alternative label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (p:Paper)-[:REPORTS_RESULT]->(r:Result)-[:AGAINST_BASELINE]->(b:Method)
WHERE r.resultKind = 'ratio'
  AND (toLower(b.label) = toLower($baseline) OR any(a IN coalesce(b.altLabels, []) WHERE toLower(a) = toLower($baseline)))
OPTIONAL MATCH (r)-[:OF_METHOD]->(m:Method)
RETURN m.label AS method, r.value AS value, r.valueMax AS valueMax, r.unit AS unit, p.identifier AS paper, r.evidence AS evidence
ORDER BY value DESC, paper ASC, method ASC
LIMIT toInteger($limit)
