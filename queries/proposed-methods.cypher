// answers: What does each paper propose (methods it introduces and datasets it releases)?
// param: limit = 25 (at most this many rows; raise it for the full list)
// Reads only the first papers: contributionsBefore counts the rows of the papers listed before each one.
MATCH (p:Paper)
WHERE p.contributionsBefore < toInteger($limit)
MATCH (p)-[rel:PROPOSES|INTRODUCES_DATASET]->(x)
RETURN p.identifier AS paper, p.title AS title, CASE type(rel) WHEN 'PROPOSES' THEN 'method' ELSE 'dataset' END AS kind, x.label AS name
ORDER BY paper, kind, name
LIMIT toInteger($limit)
