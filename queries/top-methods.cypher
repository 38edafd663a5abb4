// answers: Which methods are proposed, used or compared against by the most papers?
// param: limit = 25 (at most this many rows; raise it for the full list)
// Reads the precomputed paperCount and methodRank (position by papers, then label) of each method.
MATCH (m:Method)
WHERE m.methodRank <= toInteger($limit) AND m.paperCount > 0
RETURN m.label AS method, m.paperCount AS papers
ORDER BY papers DESC, method ASC
LIMIT toInteger($limit)
