// answers: Which pairs of methods appear together in the same papers, most often first?
// param: min_papers = 2 (only pairs seen in at least this many papers)
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (a:Method)<-[:PROPOSES|USES_METHOD|COMPARES_WITH]-(p:Paper)-[:PROPOSES|USES_METHOD|COMPARES_WITH]->(b:Method)
WHERE a.label < b.label
WITH a.label AS method_a, b.label AS method_b, count(DISTINCT p) AS papers
WHERE papers >= $min_papers
RETURN method_a, method_b, papers
ORDER BY papers DESC, method_a ASC, method_b ASC
LIMIT toInteger($limit)
