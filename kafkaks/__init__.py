"""kafkaks: read Apache Kafka on-disk data without a broker."""
