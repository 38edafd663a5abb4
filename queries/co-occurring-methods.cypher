// answers: Which pairs of methods appear together in the same papers, most often first?
// param: min_papers = 2 (only pairs seen in at least this many papers)
// param: limit = 25 (at most this many rows; raise it for the full list)
// Reads the precomputed MethodPair nodes (paperCount, methodPairRank: position by papers, then the two labels).
MATCH (pair:MethodPair)
WHERE pair.methodPairRank <= toInteger($limit) AND pair.paperCount >= $min_papers
MATCH (a:Method)<-[:PAIR_MEMBER]-(pair)-[:PAIR_MEMBER]->(b:Method)
WHERE a.label < b.label
RETURN a.label AS method_a, b.label AS method_b, pair.paperCount AS papers
ORDER BY papers DESC, method_a ASC, method_b ASC
LIMIT toInteger($limit)
