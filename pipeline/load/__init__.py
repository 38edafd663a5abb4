"""Load stage (neo4j driver): read the Turtle as a property graph (neosemantics conventions) and write it
into Neo4j idempotently in batched ``UNWIND $rows`` transactions, or export CSV for ``neo4j-admin import``.

Takes the Turtle that ``graph`` wrote; hands nothing on (the database is the end of the flow).
"""
