// answers: What does each paper propose (methods it introduces and datasets it releases)?
MATCH (p:Paper)-[rel:PROPOSES|INTRODUCES_DATASET]->(x)
RETURN p.identifier AS paper, p.title AS title, CASE type(rel) WHEN 'PROPOSES' THEN 'method' ELSE 'dataset' END AS kind, x.label AS name
ORDER BY paper, kind, name
