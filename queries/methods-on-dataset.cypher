// answers: Which methods were evaluated on a dataset (proposed, used or compared in papers that use it)?
// param: dataset = ModelNet40 (label or alternative label, any case)
// param: limit = 25 (at most this many rows; raise it for the full list)
// A name is found through nameKeyText (every name, lower-cased, between ␟ marks): a text-index lookup.
MATCH (d:Dataset) WHERE d.nameKeyText CONTAINS '␟' + toLower($dataset) + '␟'
MATCH (p:Paper)-[:USES_DATASET|INTRODUCES_DATASET]->(d)
MATCH (p)-[:PROPOSES|USES_METHOD|COMPARES_WITH]->(m:Method)
RETURN m.label AS method, count(DISTINCT p) AS papers
ORDER BY papers DESC, method ASC
LIMIT toInteger($limit)
