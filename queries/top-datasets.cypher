// answers: Which datasets and benchmarks do most papers use (or introduce)?
// param: limit = 25 (at most this many rows; raise it for the full list)
// Reads the precomputed paperCount and datasetRank (position by papers, then label) of each dataset.
MATCH (d:Dataset)
WHERE d.datasetRank <= toInteger($limit) AND d.paperCount > 0
RETURN d.label AS dataset, d.paperCount AS papers
ORDER BY papers DESC, dataset ASC
LIMIT toInteger($limit)
