// answers: Which methods are proposed, used or compared against by the most papers?
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (p:Paper)-[:PROPOSES|USES_METHOD|COMPARES_WITH]->(m:Method)
RETURN m.label AS method, count(DISTINCT p) AS papers
ORDER BY papers DESC, method ASC
LIMIT toInteger($limit)
