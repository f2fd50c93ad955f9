"""The analysis of finished games, server side: computed in the background by worker
processes of its own, stored decision by decision, shown as it comes, and the routes
(docs/analysis.md, "In the browser and over HTTP")."""
