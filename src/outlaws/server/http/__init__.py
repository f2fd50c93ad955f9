"""The HTTP edge: connection guards below the app, request quotas, where tokens may
travel, secrets kept out of logs, and the request and response bodies of the API."""
