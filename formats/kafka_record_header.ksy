meta:
  id: kafka_record_header
  title: Apache Kafka record header (message format v2)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_varint
  endian: be
doc: |
  One header of a v2 record (KIP-82): a UTF-8 key that may not be null, and a value that may be
  null (length -1). Both lengths are ZigZag varints. Kafka itself never rejects a duplicated key;
  the order of headers in a record is kept.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecord.java readHeaders
  - https://kafka.apache.org/39/documentation/#recordheader
-webide-representation: '{key} = {value:str}'
seq:
  - id: len_key
    -orig-id: headerKeyLength
    type: kafka_varint
    doc: Never negative in a valid record ("Invalid negative header key size").
  - id: key
    -orig-id: headerKey
    size: len_key.value
    type: str
    encoding: UTF-8
  - id: len_value
    -orig-id: headerValueLength
    type: kafka_varint
  - id: value
    -orig-id: Value
    size: len_value.value
    if: len_value.value >= 0
    doc: Absent when the header value is null (length -1).
