// answers: Which papers link to their code (or project page) in the abstract?
// param: limit = 25 (at most this many rows; raise it for the full list)
// Reads only the first papers: codeLinksBefore counts the code links of the papers listed before each one.
MATCH (p:Paper)
WHERE p.codeLinksBefore < toInteger($limit)
UNWIND p.codeRepository AS code
RETURN p.identifier AS paper, p.title AS title, code
ORDER BY paper, code
LIMIT toInteger($limit)
