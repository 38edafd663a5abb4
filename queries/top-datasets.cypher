// answers: Which datasets and benchmarks do most papers use (or introduce)?
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (p:Paper)-[:USES_DATASET|INTRODUCES_DATASET]->(d:Dataset)
RETURN d.label AS dataset, count(DISTINCT p) AS papers
ORDER BY papers DESC, dataset ASC
LIMIT toInteger($limit)
