// answers: Which papers link to their code (or project page) in the abstract?
// param: limit = 25 (at most this many rows; raise it for the full list)
MATCH (p:Paper)
WHERE p.codeRepository IS NOT NULL
UNWIND p.codeRepository AS code
RETURN p.identifier AS paper, p.title AS title, code
ORDER BY paper, code
LIMIT toInteger($limit)
