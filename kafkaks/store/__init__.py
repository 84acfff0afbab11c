"""Kafka's files and directories: listing log dirs, partitions and segments, reading segments and
partitions (copies merged), the companion files, verification and recovery."""
