"""Running the service: rate limits (``limits``) and Prometheus metrics (``metrics``)."""
