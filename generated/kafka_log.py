# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_record_batch
from . import kafka_message_set


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaLog(KaitaiStruct):
    """A Kafka log segment, `<base offset, 20 digits>.log` in a `<topic>-<partition>` directory, is the
    batches of that partition appended back to back, nothing before or after them. A KRaft metadata
    snapshot (`<offset>-<epoch>.checkpoint`, `bootstrap.checkpoint`) has the same layout. A segment
    written over the years can mix message formats, so each entry is dispatched on its magic byte,
    which every format keeps at entry offset 16: v2 record batches (`kafka_record_batch`) and legacy
    v0/v1 messages (`kafka_message_set::entry`). An entry with another magic stays raw bytes.
    
    Every entry starts with an 8-byte offset and a 4-byte length of the rest. As in Kafka's own
    reader (FileLogInputStream), an entry is read only when more than 17 bytes remain, its length is
    at least 14 (the smallest v0 message) and the whole entry is in the file. Whatever follows the
    last such entry is `leftover`: a batch cut short by a crash mid-write, or the zero-filled tail of
    a preallocated segment. Kafka reports the former as "invalid bytes at the end" and throws on the
    latter; here the file stays readable either way. `entries` is absent when the file holds no
    complete entry.
    
    Keep files small in the Web IDE: it struggles with more than a few MiB.
    
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
        if self.first_fits:
            pass
            self.entries = []
            i = 0
            while True:
                _ = KafkaLog.Entry(self._io.pos(), self._io, self, self._root)
                self.entries.append(_)
                if (not (_.next_fits)):
                    break
                i += 1

        self.leftover = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if self.first_fits:
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()


        _ = self.len_first
        if hasattr(self, '_m_len_first'):
            pass


    class Entry(KaitaiStruct):
        def __init__(self, ofs_entry, _io, _parent=None, _root=None):
            super(KafkaLog.Entry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.ofs_entry = ofs_entry
            self._read()

        def _read(self):
            _on = self.magic
            if _on == 0:
                pass
                self._raw_body = self._io.read_bytes(12 + self.len_body)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = kafka_message_set.KafkaMessageSet.Entry(_io__raw_body)
            elif _on == 1:
                pass
                self._raw_body = self._io.read_bytes(12 + self.len_body)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = kafka_message_set.KafkaMessageSet.Entry(_io__raw_body)
            elif _on == 2:
                pass
                self._raw_body = self._io.read_bytes(12 + self.len_body)
                _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
                self.body = kafka_record_batch.KafkaRecordBatch(_io__raw_body)
            else:
                pass
                self.body = self._io.read_bytes(12 + self.len_body)


        def _fetch_instances(self):
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
            _ = self.len_body
            if hasattr(self, '_m_len_body'):
                pass

            _ = self.len_next
            if hasattr(self, '_m_len_next'):
                pass

            _ = self.magic
            if hasattr(self, '_m_magic'):
                pass


        @property
        def len_body(self):
            if hasattr(self, '_m_len_body'):
                return self._m_len_body

            _pos = self._io.pos()
            self._io.seek(self.ofs_entry + 8)
            self._m_len_body = self._io.read_s4be()
            self._io.seek(_pos)
            return getattr(self, '_m_len_body', None)

        @property
        def len_next(self):
            if hasattr(self, '_m_len_next'):
                return self._m_len_next

            if self._io.size() - self.ofs_next >= 18:
                pass
                _pos = self._io.pos()
                self._io.seek(self.ofs_next + 8)
                self._m_len_next = self._io.read_s4be()
                self._io.seek(_pos)

            return getattr(self, '_m_len_next', None)

        @property
        def magic(self):
            if hasattr(self, '_m_magic'):
                return self._m_magic

            _pos = self._io.pos()
            self._io.seek(self.ofs_entry + 16)
            self._m_magic = self._io.read_s1()
            self._io.seek(_pos)
            return getattr(self, '_m_magic', None)

        @property
        def next_fits(self):
            if hasattr(self, '_m_next_fits'):
                return self._m_next_fits

            self._m_next_fits =  ((self._io.size() - self.ofs_next >= 18) and (self.len_next >= 14) and (self._io.size() - self.ofs_next >= 12 + self.len_next)) 
            return getattr(self, '_m_next_fits', None)

        @property
        def ofs_next(self):
            if hasattr(self, '_m_ofs_next'):
                return self._m_ofs_next

            self._m_ofs_next = (self.ofs_entry + 12) + self.len_body
            return getattr(self, '_m_ofs_next', None)


    @property
    def first_fits(self):
        if hasattr(self, '_m_first_fits'):
            return self._m_first_fits

        self._m_first_fits =  ((self._io.size() >= 18) and (self.len_first >= 14) and (self._io.size() >= 12 + self.len_first)) 
        return getattr(self, '_m_first_fits', None)

    @property
    def len_first(self):
        if hasattr(self, '_m_len_first'):
            return self._m_len_first

        if self._io.size() >= 18:
            pass
            _pos = self._io.pos()
            self._io.seek(8)
            self._m_len_first = self._io.read_s4be()
            self._io.seek(_pos)

        return getattr(self, '_m_len_first', None)


