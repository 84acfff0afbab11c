meta:
  id: aiven_encrypted_chunk
  title: Aiven tiered storage encrypted chunk (AES-256-GCM)
  license: Apache-2.0
  ks-version: '0.11'
  endian: be
doc: |
  One encrypted chunk of a remote segment's `.log` object, or one encrypted part of its
  `.indexes` object, as Aiven's tiered-storage-for-apache-kafka writes it: the 12-byte IV, then
  what `Cipher.doFinal` of `AES/GCM/NoPadding` returns, the ciphertext followed by the 128-bit tag.
  There is no header, no length and no version: the chunk's size comes from the manifest's chunk
  index. The key is the segment's data key (unwrapped with the user's RSA private key, see
  `encryption.dataKey` in the manifest) and the AAD the manifest's `encryption.aad`. Decrypted, a
  chunk is a piece of the segment, zstd-compressed first when the manifest's `compression` is true.
doc-ref:
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/transform/EncryptionChunkEnumeration.java
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/security/AesEncryptionProvider.java
-webide-representation: 'AES-GCM chunk: IV {iv}, tag {tag}'
seq:
  - id: iv
    size: 12
    doc: The GCM nonce, fresh for every chunk (SegmentEncryptionMetadataV1.IV_SIZE).
  - id: ciphertext
    size: _io.size - 12 - 16
  - id: tag
    size: 16
    doc: The GCM authentication tag (AesEncryptionProvider.GCM_TAG_LENGTH, 128 bits).
