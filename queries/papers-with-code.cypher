// answers: Which papers link to their code (or project page) in the abstract?
MATCH (p:Paper)
WHERE p.codeRepository IS NOT NULL
UNWIND p.codeRepository AS code
RETURN p.identifier AS paper, p.title AS title, code
ORDER BY paper, code
