"""Tables that exist in more than one place agree: the handwritten layer takes its names from the
specs, and where a spec must keep a copy, the copy matches its home."""

from __future__ import annotations

from kafkaks.generated.kafka_message import KafkaMessage
from kafkaks.generated.kafka_record_batch import KafkaRecordBatch


def test_legacy_compression_ids_are_those_of_the_record_batch() -> None:
    # kafka_message keeps a copy (kaitai-struct-compiler 0.11 cannot import an enum on a value instance)
    home = {c.value: c.name for c in KafkaRecordBatch.CompressionType}
    assert {c.value: c.name for c in KafkaMessage.CompressionType} == {i: home[i] for i in range(4)}
    assert home[4] == "zstd" and len(home) == 5
