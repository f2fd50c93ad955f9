"""Several server processes on one database: the bus between them, which process runs
each game, and the health a load balancer reads."""
