/// The text `bench --help` prints.
package enum Usage {
    package static let text = """
        bench: the TabStrip benchmark harness

        USAGE
          swift run -c release bench [options]        run the suite and write the reports
                                                      (into .build/bench-reports, which git ignores)
          bench --output Reports [options]            regenerate the committed report (Reports/), the
                                                      source of the figures the README quotes
          bench check [REPORT] [--thresholds FILE] [--require-allocations] [--require-instructions]
                      [--allow-debug]                 check a report (the last run's,
                                                      .build/bench-reports/latest.json) against the
                                                      thresholds (--report FILE is the same as REPORT)
          bench baseline save [--name NAME] [--report FILE] [--output FILE]
                                                      save a report's figures (the last run's) as a
                                                      baseline (default Reports/baseline.json, or
                                                      Reports/baseline-NAME.json)
          bench compare [BASELINE] [REPORT] [--format text|markdown] [--thresholds FILE]
                                                      compare a report (the last run's,
                                                      .build/bench-reports/latest.json) with a baseline
                                                      (the committed Reports/baseline.json) by the
                                                      thresholds' relative rules
          bench ab BASELINE_BENCH_BINARY [--filter NAME] [--rounds N] [--threshold F] [--metric NAME]
                   [--current BINARY] [--seed S] [--timeout S] [--format text|markdown]
                                                      run two builds in interleaved rounds; ratio of
                                                      every timing figure (p50s, p99s, whole-pass times;
                                                      --metric picks) with a 95 % bootstrap interval
                                                      (default 10 rounds, 5 %); a run longer than
                                                      --timeout (600 s) is stopped
          bench workload --titles N --out DIR [--seed S] [--viewport W] [--frames N]
          bench replay --widths FILE --offsets FILE --viewport W [--ranges-out FILE] [--allow-debug]
          bench self-check                            verify the allocation probe
          bench list                                  list the scenarios
          bench --help

        RUN OPTIONS
          --quick                quick parameters (the whole suite stays under 3 minutes)
          --filter NAME          run only scenarios whose name contains NAME
                                 (repeatable, or comma-separated)
          --titles N             tab count for fixed-size scenarios (sweeps add it)
          --seed S               seed of every generated input (default 42; decimal or 0x hex)
          --format F             standard output: text (default), json, markdown, or
                                 github-action-benchmark (also written to DIR/github-action-benchmark.json)
          --output DIR           where the reports go (default .build/bench-reports, ignored by
                                 git; --output Reports regenerates the committed report)
          --check                check the run against the thresholds; exit 1 on a violation
          --thresholds FILE      thresholds for --check (default Reports/thresholds.json)
          --require-allocations  null allocation figures (no jemalloc) fail the check
                                 (also when TABSTRIP_JEMALLOC=1 is set)
          --no-instructions      skip the instruction pass (its figures are null)
          --require-instructions null instruction figures (no valgrind) fail the check
          --allow-debug          run in a debug build anyway (every output is marked)

        INSTRUCTION PASS
          After the timing scenarios the bench runs itself under valgrind (callgrind) and
          reports executed instructions per frame, query and edit (scenario `instructions`).
          Without valgrind on PATH those figures are null. A child that runs longer than
          600 s is stopped and the scenario fails.

        SIGNALS
          SIGINT, SIGTERM or SIGHUP stop the child processes (valgrind, the builds of
          `bench ab`) and remove the temporary directories before the bench ends.

        OUTPUT
          The first line on standard error names DIR.
          DIR/latest.json, DIR/latest.md, DIR/latency-percentiles.svg, DIR/scaling.svg,
          DIR/strip-drag.svg (a pager drag, frame by frame, as the engine drew it) and
          DIR/strip-fling.svg (one fast fling: offset, velocity, cells), all written
          atomically. Progress goes to standard error.

        EXIT STATUS
          0 success; 1 a limit was broken, a figure regressed or a run failed;
          2 bad command line or input file.
        """
}
