# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_internal_records


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaRemoteLogMetadataLog(KaitaiStruct):
    """A segment of `__remote_log_metadata`, read as `kafka_log` reads any segment, with one more node per entry:
    `records`, the records of an uncompressed, non-control batch with their keys and values
    decoded as tiered storage's remote log metadata records (`kafka_remote_log_metadata_record`), through `kafka_internal_records`. The records are the same bytes as
    `entry.body.records`, read again (the hex view keeps showing the first reading); the records
    of a compressed batch stay raw bytes.
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaRemoteLogMetadataLog, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if (not (self._io.is_eof())):
            pass
            self.entries = []
            i = 0
            while True:
                _ = kafka_internal_records.KafkaInternalRecords.InternalLogEntry(kafka_internal_records.KafkaInternalRecords.InternalTopic.remote_log_metadata, self._io)
                self.entries.append(_)
                if  ((self._io.is_eof()) or ((not (_.entry.is_complete)))) :
                    break
                i += 1



    def _fetch_instances(self):
        pass
        if (not (self._io.is_eof())):
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()




