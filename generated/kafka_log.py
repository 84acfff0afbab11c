# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_message_set
from . import kafka_record_batch


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaLog(KaitaiStruct):
    """A Kafka log segment, `<base offset, 20 digits>.log` in a `<topic>-<partition>` directory, is the
    batches of that partition appended back to back, nothing before or after them. A KRaft metadata
    snapshot (`<offset>-<epoch>.checkpoint`, `bootstrap.checkpoint`) has the same layout. A segment
    written over the years can mix message formats, so each entry is dispatched on its magic byte,
    which every format keeps at entry offset 16: v2 record batches (`kafka_record_batch`) and legacy
    v0/v1 messages (`kafka_message_set::legacy_entry`). An entry with another magic stays raw bytes.
    
    Every entry starts with an 8-byte offset and a 4-byte length of the rest. As in Kafka's own
    reader (FileLogInputStream), an entry is read only when more than 17 bytes remain, its length is
    at least 14 (the smallest v0 message) and the whole entry is in the file (`is_complete`).
    Whatever follows the last such entry is the `leftover` of one last, incomplete entry: a batch
    cut short by a crash mid-write, or the zero-filled tail of a preallocated segment. Kafka reports
    the former as "invalid bytes at the end" and throws on the latter; here the file stays readable
    either way. `entries` is absent only in an empty file.
    
    In the Web IDE every byte of a healthy segment belongs to one leaf of the tree, in file order.
    Compressed batches keep their records as raw bytes (`records_compressed`); the IDE cannot
    decompress them. It slows down on files of more than a few MiB: see the README's "Web IDE"
    section for load times, and for reading big files with the generated parsers one entry at a
    time.
    
    .. seealso::
       nextBatch - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/FileLogInputStream.java
    
    
    .. seealso::
       Source - https://kafka.apache.org/39/documentation/#log
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaLog, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if (not (self._io.is_eof())):
            pass
            self.entries = []
            i = 0
            while True:
                _ = KafkaLog.LogEntry(self._io.pos(), self._io, self, self._root)
                self.entries.append(_)
                if  ((self._io.is_eof()) or ((not (_.is_complete)))) :
                    break
                i += 1



    def _fetch_instances(self):
        pass
        if (not (self._io.is_eof())):
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()



    class LogEntry(KaitaiStruct):
        """One entry: a whole batch or legacy message when `is_complete`, else the bytes from here to
        the end of the file (`leftover`), which only the last entry of a file can have. The entry
        decides this from its own bytes (`len_body` and `magic` are read where `body` shows them
        again) and from the size of the file, never from the next entry: that keeps each byte in one
        field of the tree, which is what the Web IDE needs to map its hex view to the tree.
        """
        def __init__(self, ofs_entry, _io, _parent=None, _root=None):
            super(KafkaLog.LogEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.ofs_entry = ofs_entry
            self._read()

        def _read(self):
            if self.is_complete:
                pass
                _on = self.magic
                if _on == 0:
                    pass
                    self._raw_body = self._io.read_bytes(12 + self.len_body)
                    _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                    self.body = kafka_message_set.KafkaMessageSet.LegacyEntry(_io__raw_body)
                elif _on == 1:
                    pass
                    self._raw_body = self._io.read_bytes(12 + self.len_body)
                    _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                    self.body = kafka_message_set.KafkaMessageSet.LegacyEntry(_io__raw_body)
                elif _on == 2:
                    pass
                    self._raw_body = self._io.read_bytes(12 + self.len_body)
                    _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                    self.body = kafka_record_batch.KafkaRecordBatch(_io__raw_body)
                else:
                    pass
                    self.body = self._io.read_bytes(12 + self.len_body)

            if (not (self.is_complete)):
                pass
                self.leftover = self._io.read_bytes_full()



        def _fetch_instances(self):
            pass
            if self.is_complete:
                pass
                _on = self.magic
                if _on == 0:
                    pass
                    self.body._fetch_instances()
                elif _on == 1:
                    pass
                    self.body._fetch_instances()
                elif _on == 2:
                    pass
                    self.body._fetch_instances()
                else:
                    pass

            if (not (self.is_complete)):
                pass

            _ = self.len_body
            if hasattr(self, '_m_len_body'):
                pass

            _ = self.magic
            if hasattr(self, '_m_magic'):
                pass

            _ = self.offset
            if hasattr(self, '_m_offset'):
                pass


        @property
        def is_complete(self):
            """Kafka's rule (FileLogInputStream.nextBatch): more than 17 bytes left, a length of at
            least 14 (the smallest v0 message) and the whole entry in the file.
            """
            if hasattr(self, '_m_is_complete'):
                return self._m_is_complete

            self._m_is_complete =  ((self._io.size() - self.ofs_entry >= 18) and (self.len_body >= 14) and (self._io.size() - self.ofs_entry >= 12 + self.len_body)) 
            return getattr(self, '_m_is_complete', None)

        @property
        def len_body(self):
            """The entry's length field (bytes after it), also shown in `body`."""
            if hasattr(self, '_m_len_body'):
                return self._m_len_body

            if self._io.size() - self.ofs_entry >= 12:
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_entry + 8)
                self._m_len_body = self._io.read_s4be()
                self._io.seek(_pos)

            return getattr(self, '_m_len_body', None)

        @property
        def magic(self):
            """The magic byte, at the same place in every format, also shown in `body`."""
            if hasattr(self, '_m_magic'):
                return self._m_magic

            if self.is_complete:
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_entry + 16)
                self._m_magic = self._io.read_s1()
                self._io.seek(_pos)

            return getattr(self, '_m_magic', None)

        @property
        def note(self):
            """What the tree shows next to an incomplete entry; empty for a complete one."""
            if hasattr(self, '_m_note'):
                return self._m_note

            self._m_note = (u"" if self.is_complete else (u"incomplete: " + str(self._io.size() - self.ofs_entry)) + u" bytes to the end of the file")
            return getattr(self, '_m_note', None)

        @property
        def offset(self):
            """The entry's offset field (a batch's base offset, a legacy message's own offset), also
            shown in `body`.
            """
            if hasattr(self, '_m_offset'):
                return self._m_offset

            if self._io.size() - self.ofs_entry >= 8:
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_entry)
                self._m_offset = self._io.read_s8be()
                self._io.seek(_pos)

            return getattr(self, '_m_offset', None)



