meta:
  id: aiven_chunk_sizes
  title: Aiven tiered storage variable chunk index (transformedChunks, decompressed)
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  The sizes of the transformed (compressed, maybe encrypted) chunks of a remote segment's
  `.log` object, as Aiven's tiered-storage-for-apache-kafka writes them for a segment uploaded
  with compression: the `transformedChunks` field of a `"type": "variable"` chunk index in the
  segment's JSON `.rsm-manifest`. That field is base64 of one zstd frame (with its content size);
  this spec reads what the frame holds once decompressed (the decompression is not declarative).

  Every size but the last is stored as a difference from the smallest of them (`base`), in
  `bytes_per_value` big-endian bytes (1 to 4, the fewest that fit the largest difference); the last
  size is stored whole, since a final chunk is usually much shorter. One size is stored whole, and
  none as the count alone. Upstream's test vector: the zstd frame of base64
  `KLUv/SAPeQAAAAAAAwAAAAoBAAoAAAAe` holds [10, 20, 30] (count 3, base 10, one byte a value: 0, 10,
  then 30 whole).
doc-ref:
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/manifest/index/serde/ChunkSizesBinaryCodec.java
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/manifest/index/serde/TransformedChunksSerializer.java
-webide-representation: '{num_chunks:dec} chunk sizes'
seq:
  - id: num_chunks
    -orig-id: count
    type: s4
    doc: How many chunks the `.log` object holds.
  - id: single_size
    type: s4
    if: num_chunks == 1
    doc: The one chunk's transformed size, whole.
  - id: base
    type: s4
    if: num_chunks > 1
    doc: The smallest of the sizes before the last; the others are stored as differences from it.
  - id: bytes_per_value
    -orig-id: bytesPerValue
    type: u1
    if: num_chunks > 1
    doc: How many big-endian bytes each difference takes (1 to 4).
  - id: deltas
    type:
      switch-on: bytes_per_value
      cases:
        1: u1
        2: u2
        3: b24
        4: u4
    repeat: expr
    repeat-expr: num_chunks - 1
    if: num_chunks > 1
    doc: Each size but the last, minus `base`.
  - id: last_size
    -orig-id: lastValue
    type: s4
    if: num_chunks > 1
    doc: The last chunk's transformed size, whole.
