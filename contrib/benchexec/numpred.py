# BenchExec tool-info module for numpred, a software model checker
# (https://github.com/numpred/numpred). SPDX-License-Identifier: Apache-2.0
#
# Use it from a benchmark definition as tool="contrib.benchexec.numpred"
# with the numpred repository on PYTHONPATH, or copy it to
# benchexec/tools/numpred.py and use tool="numpred". See README.md.

import json

import benchexec.tools.template
from benchexec import result


class Tool(benchexec.tools.template.BaseTool2):
    """
    Tool info for numpred (numpred analyze --format json).

    numpred checks the unreach-call property of C programs (and of Linear
    Programs). The command line passes BenchExec's property file, the task's
    data model and the run's limits on: --timeout a little below the CPU-time
    (or wall-time) limit and --memory-limit a little below the memory limit,
    so that numpred stops itself and answers UNKNOWN (timeout) or UNKNOWN
    (memory) with the stages it ran before BenchExec would kill it. The
    result is read from the JSON record numpred prints (one per line; the
    last one with a verdict counts).
    """

    # Margins below BenchExec's limits: numpred ends within 2 s of its
    # --timeout, and its CPU time may run ahead of wall time (the garbage
    # collector and Z3 use other threads).
    _TIME_FRACTION = 0.9
    _TIME_MARGIN_S = 2
    _MEMORY_FRACTION = 0.85

    _DATA_MODELS = {"ILP32": "ilp32", "LP64": "lp64"}

    def executable(self, tool_locator):
        return tool_locator.find_executable("numpred", subdir="bin")

    def name(self):
        return "numpred"

    def project_url(self):
        return "https://github.com/numpred/numpred"

    def version(self, executable):
        # `numpred version` prints "numpred VERSION".
        out = self._version_from_tool(executable, arg="version")
        return out[len("numpred ") :].strip() if out.startswith("numpred ") else out

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "analyze", "--format", "json"]
        if task.property_file:
            cmd += ["--property", task.property_file]
        data_model = (task.options or {}).get("data_model")
        if data_model:
            if data_model not in self._DATA_MODELS:
                raise benchexec.tools.template.UnsupportedFeatureException(
                    f"Unsupported data_model '{data_model}'"
                )
            cmd += ["--data-model", self._DATA_MODELS[data_model]]
        limit = rlimits.cputime or rlimits.walltime
        if rlimits.cputime and rlimits.walltime:
            limit = min(rlimits.cputime, rlimits.walltime)
        if limit and not _has_flag(options, "--timeout"):
            seconds = max(1, int(limit * self._TIME_FRACTION) - self._TIME_MARGIN_S)
            cmd += ["--timeout", f"{seconds}s"]
        if rlimits.memory and not _has_flag(options, "--memory-limit"):
            cmd += ["--memory-limit", str(int(rlimits.memory * self._MEMORY_FRACTION))]
        return cmd + list(options) + list(task.input_files)

    def determine_result(self, run):
        record = _last_record(run.output)
        if record is not None:
            verdict = record.get("verdict")
            reason = record.get("reason") or ""
            if verdict == "TRUE":
                return result.RESULT_TRUE_PROP
            if verdict == "FALSE":
                return result.RESULT_FALSE_REACH
            if verdict == "UNKNOWN":
                if reason.startswith("timeout"):
                    return result.RESULT_TIMEOUT
                if reason.startswith("memory"):
                    return "OUT OF MEMORY"
                return result.RESULT_UNKNOWN
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        # No verdict: numpred's exit status says why (1 usage, 2 input,
        # 3 internal error), its last line of output what happened.
        code = run.exit_code.value
        kind = {1: "usage", 2: "input", 3: "internal"}.get(code)
        if kind is None:
            if run.exit_code.signal:
                kind = f"signal {run.exit_code.signal}"
            else:
                kind = f"exit {code}"
        last = next((line for line in reversed(run.output) if line.strip()), "")
        if last:
            return f"{result.RESULT_ERROR} ({kind}: {_short(last)})"
        return f"{result.RESULT_ERROR} ({kind})"

    def get_value_from_output(self, output, identifier):
        """
        A field of numpred's last JSON record, e.g. "engine", "time_s", or a
        statistic as "stats.smt_queries".
        """
        value = _last_record(output)
        for key in identifier.split("."):
            if not isinstance(value, dict) or key not in value:
                return None
            value = value[key]
        return value if isinstance(value, str) else json.dumps(value)


def _has_flag(options, flag):
    return any(o == flag or o.startswith(flag + "=") for o in options)


def _last_record(output):
    """The last JSON object with a verdict in the output, or None."""
    found = None
    for line in output:
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and "verdict" in record:
            found = record
    return found


def _short(text, limit=80):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
