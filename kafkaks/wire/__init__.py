"""Kafka's wire format, as it is on disk: record batches and legacy messages, their records, codecs
and control records, and the columnar (Arrow) record decoder."""
