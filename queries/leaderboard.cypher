// answers: Leaderboard: every result reported on a dataset for a metric, best value first.
// param: dataset = ImageNet-1k (label or alternative label, any case)
// param: metric = linear evaluation accuracy (label or alternative label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (p:Paper)-[:REPORTS_RESULT]->(r:Result)-[:ON_DATASET]->(d:Dataset)
MATCH (r)-[:FOR_METRIC]->(mt:Metric)
WHERE (toLower(d.label) = toLower($dataset) OR any(a IN coalesce(d.altLabels, []) WHERE toLower(a) = toLower($dataset)))
  AND (toLower(mt.label) = toLower($metric) OR any(a IN coalesce(mt.altLabels, []) WHERE toLower(a) = toLower($metric)))
OPTIONAL MATCH (r)-[:OF_METHOD]->(m:Method)
RETURN m.label AS method, r.value AS value, r.unit AS unit, r.resultKind AS kind, p.identifier AS paper, r.evidence AS evidence
ORDER BY value DESC, paper ASC, method ASC
LIMIT toInteger($limit)
