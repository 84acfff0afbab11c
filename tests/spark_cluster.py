"""A real Spark cluster for the tests, from the installed PySpark: a standalone master, two
workers (two scheduling slots each: every application gets one executor on each) and a Spark
Connect server, each a JVM bound to 127.0.0.1 on free ports.

Each process is started in its own process group and killed (TERM, then KILL) on teardown, also
when a test failed; its log is kept in a folder the fixture gives, and :func:`logs` prints them
when something did not come up. Waiting is bounded: every start gives up after ``START_TIMEOUT``
seconds, saying which process and with its log.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

START_TIMEOUT = 600.0  # seconds: a bound for a JVM that never comes up, on a loaded 2-core machine
WORKER_MEMORY = "1g"
EXECUTOR_MEMORY = "512m"


def spark_home() -> Path:
    import pyspark

    return Path(pyspark.__file__).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def loopback_env(**extra: str) -> dict[str, str]:
    """The environment every Spark process here runs in: loopback only, this interpreter for the
    Python workers, small daemons."""
    return {
        **os.environ,
        "SPARK_HOME": str(spark_home()),
        "SPARK_LOCAL_IP": "127.0.0.1",
        "SPARK_MASTER_HOST": "127.0.0.1",
        "SPARK_NO_DAEMONIZE": "1",
        "SPARK_DAEMON_MEMORY": "256m",
        "PYSPARK_PYTHON": sys.executable,
        "PYSPARK_DRIVER_PYTHON": sys.executable,
        **extra,
    }


@dataclass
class Process:
    name: str
    popen: subprocess.Popen[bytes]
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        if self.popen.poll() is not None:
            return
        for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, sig)
            try:
                self.popen.wait(wait)
                return
            except subprocess.TimeoutExpired:
                continue


@dataclass
class Cluster:
    """A running standalone cluster (``master`` is its ``spark://`` URL) and, once started, a
    Spark Connect server (``connect`` is its ``sc://`` URL)."""

    folder: Path
    master: str = ""
    connect: str = ""
    processes: list[Process] = field(default_factory=list)

    def start(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> Process:
        log = self.folder / f"{name}.log"
        with log.open("wb") as out:
            popen = subprocess.Popen(
                argv,
                env=env or loopback_env(),
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,  # its own process group: the JVM and its children die together
            )
        process = Process(name, popen, log)
        self.processes.append(process)
        return process

    def wait_for(self, process: Process, ready: str | None = None, port: int | None = None) -> None:
        """Until ``ready`` is in the process's log, or ``port`` accepts connections."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if process.popen.poll() is not None:
                raise RuntimeError(f"{process.name} exited ({process.popen.returncode}):\n{logs(self)}")
            if ready is not None and ready in process.text():
                return
            if port is not None:
                with socket.socket() as sock:
                    sock.settimeout(1)
                    if sock.connect_ex(("127.0.0.1", port)) == 0:
                        return
            time.sleep(0.5)
        raise RuntimeError(f"{process.name} not ready after {START_TIMEOUT} s:\n{logs(self)}")

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()

    def start_connect_server(self) -> None:
        """Start a Spark Connect server (the one PySpark ships) on loopback, running its jobs on
        this cluster's workers; :meth:`connect_url` waits for it. It starts while other tests
        run: each application takes at most ``spark.cores.max`` cores, so both fit."""
        port = free_port()
        argv = [
            str(spark_home() / "bin" / "spark-submit"),
            "--class",
            "org.apache.spark.sql.connect.service.SparkConnectServer",
            "--name",
            "kafkaks-connect-tests",
            "--master",
            self.master,
            "--driver-memory",
            "1g",
            *conf_args(
                {
                    **driver_conf(),
                    "spark.connect.grpc.binding.address": "127.0.0.1",
                    "spark.connect.grpc.binding.port": str(port),
                }
            ),
            "spark-internal",
        ]
        env = loopback_env(SPARK_DAEMON_MEMORY="1g")  # the server is the driver: Spark wants 450+ MiB
        self.start("connect-server", argv, env)
        self.connect = f"sc://127.0.0.1:{port}"

    def connect_url(self) -> str:
        """The Connect server's ``sc://`` URL, once it accepts connections."""
        server = next(p for p in self.processes if p.name == "connect-server")
        self.wait_for(server, port=int(self.connect.rsplit(":", 1)[1]))
        return self.connect

    def app_id(self, name: str) -> str:
        """The id the master gave the application called ``name`` (the first one)."""
        master = next(p for p in self.processes if p.name == "master")
        marker = f"Registered app {name} with ID "
        line = next(line for line in master.text().splitlines() if marker in line)
        return line.split(marker, 1)[1].strip()


def driver_conf() -> dict[str, str]:
    """What a driver of the test cluster sets: loopback, small executors, UTC, pushdown on."""
    return {
        "spark.driver.host": "127.0.0.1",
        "spark.driver.bindAddress": "127.0.0.1",
        "spark.executor.memory": EXECUTOR_MEMORY,
        "spark.executor.cores": "1",
        "spark.cores.max": "2",  # one executor on each worker, so two applications fit
        "spark.ui.enabled": "false",
        "spark.ui.showConsoleProgress": "false",
        "spark.sql.session.timeZone": "UTC",
        "spark.sql.shuffle.partitions": "2",
        "spark.sql.python.filterPushdown.enabled": "true",
        "spark.task.maxFailures": "1",  # a task failing on damaged data fails the job at once
        # executors start their JVMs as drivers do here (tests/conftest.py: JVM_OPTIONS)
        **(
            {"spark.executor.extraJavaOptions": os.environ["SPARK_SUBMIT_OPTS"]}
            if "SPARK_SUBMIT_OPTS" in os.environ
            else {}
        ),
    }


def conf_args(conf: dict[str, str]) -> list[str]:
    return [arg for name, value in conf.items() for arg in ("--conf", f"{name}={value}")]


def logs(cluster: Cluster) -> str:
    """The end of every process's log, for a failure message."""
    parts = []
    for process in cluster.processes:
        tail = "\n".join(process.text().splitlines()[-40:])
        parts.append(f"--- {process.name} ({process.log}) ---\n{tail}")
    return "\n".join(parts)


@contextlib.contextmanager
def standalone(folder: Path, workers: int = 2) -> Iterator[Cluster]:
    """A master and ``workers`` workers, stopped on exit whatever happened."""
    cluster = Cluster(folder)
    spark_class = str(spark_home() / "bin" / "spark-class")
    try:
        port = free_port()
        master = cluster.start(
            "master",
            [
                spark_class,
                "org.apache.spark.deploy.master.Master",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--webui-port",
                str(free_port()),
            ],
        )
        cluster.master = f"spark://127.0.0.1:{port}"
        cluster.wait_for(master, ready="I have been elected leader")
        started = []
        for number in range(workers):
            work = folder / f"worker-{number}"
            work.mkdir()
            started.append(
                cluster.start(
                    f"worker-{number}",
                    [
                        spark_class,
                        "org.apache.spark.deploy.worker.Worker",
                        "--host",
                        "127.0.0.1",
                        "--cores",
                        "2",  # scheduling slots: two applications of one executor each
                        "--memory",
                        WORKER_MEMORY,
                        "--webui-port",
                        str(free_port()),
                        "--work-dir",
                        str(work),
                        cluster.master,
                    ],
                )
            )
        for worker in started:
            cluster.wait_for(worker, ready="Successfully registered with master")
        yield cluster
    finally:
        cluster.stop()


def executor_logs(cluster: Cluster, app_id: str) -> dict[str, list[Path]]:
    """The executor folders each worker made for an application (``<work-dir>/<app id>/<executor
    id>``): where its tasks ran."""
    return {
        worker.name: sorted(worker.glob(f"{app_id}/*"))
        for worker in sorted(cluster.folder.glob("worker-*"))
        if worker.is_dir()
    }
