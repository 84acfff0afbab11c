"""Kafka's internal topics (``__consumer_offsets``, ``__transaction_state``, ``__cluster_metadata``):
their keys and values decoded from the specs."""
