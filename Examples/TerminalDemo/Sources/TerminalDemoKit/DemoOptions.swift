import TerminalText

/// The command line of `tabstrip-demo`.
public struct DemoOptions: Sendable {
    /// The number of tabs (1…10,000,000).
    public var titleCount = 100_000
    /// `--size WxH`: the headless screen size (1…1000 columns, 1…500 rows).
    public var size: (columns: Int, rows: Int)?
    /// `--keys SCRIPT`: the headless key script.
    public var keys: String?
    /// `--dump`: run headless and print the final screen.
    public var dump = false
    /// `--help`.
    public var help = false
    /// `--lazy`: titles from a source, measured as tabs come into view.
    public var lazy = false
    /// `--events FILE`: where each page's appearance steps are written.
    public var events: String?

    /// The headless size when `--size` is not given.
    public static let defaultSize = (columns: 100, rows: 12)

    /// Parses the arguments (without the program name).
    /// - Throws: ``DemoError`` with a one-line message.
    public init(arguments: [String]) throws {
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < arguments.count else { throw DemoError("\(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--titles":
                let text = try value(argument)
                guard let n = Int(text) else { throw DemoError("--titles needs a number, got \(quoted(text))") }
                guard n >= 1 else { throw DemoError("--titles must be at least 1, got \(n)") }
                guard n <= 10_000_000 else { throw DemoError("--titles must be at most 10,000,000, got \(n)") }
                titleCount = n
            case "--size":
                let text = try value(argument)
                guard let (w, h) = parseSize(text) else {
                    throw DemoError("--size needs \(sizeRule) (such as 100x12), got \(quoted(text))")
                }
                size = (w, h)
            case "--keys":
                keys = try value(argument)
            case "--dump":
                dump = true
            case "--lazy":
                lazy = true
            case "--events":
                let path = try value(argument)
                guard !path.isEmpty else { throw DemoError("--events needs a file name") }
                events = path
            case "--help", "-h":
                help = true
            default:
                throw DemoError("unknown argument \(quoted(argument)) (see --help)")
            }
            i += 1
        }
        if !dump, size != nil || keys != nil {
            throw DemoError("--size and --keys are for headless runs: add --dump")
        }
    }

    /// The `--help` text.
    public static let helpText = """
        tabstrip-demo: a virtualised tab strip in the terminal (TabStrip engine demo)

        usage: tabstrip-demo [--titles N] [--lazy] [--events FILE]
               tabstrip-demo [--titles N] [--lazy] [--events FILE] [--size WxH] [--keys SCRIPT] --dump

          --titles N     number of channel tabs, 1…10,000,000 (default 100,000)
          --lazy         titles from a source: tabs start at an estimate and are
                         measured as they come into view (the status line counts
                         them); every key below works the same
          --events FILE  write each page's appearance steps to FILE, one line each:
                         <time> <step> <page>: seconds on the demo's clock,
                         willAppear, didAppear, willDisappear or didDisappear,
                         and the page's 0-based index (the status line shows
                         the page that has appeared: ▶ page N)
          --dump         headless: run SCRIPT on a virtual clock (1/120 s per frame)
                         and print the final screen as plain text
          --size WxH     headless screen size, 1…1000 columns and 1…500 rows
                         (default 100x12)
          --keys SCRIPT  headless key script (below)

        keys
          ← → h l        select the neighbouring tab (animated, centred)
          ⇧← ⇧→          fling the strip (scroll physics, rubber band at the ends)
          PgUp PgDn      fling towards earlier / later tabs
          Home End       jump to the first / last tab
          g N Enter      go to tab N
          wheel, click   scroll and fling the strip; select the tab clicked
          b              toggle a badge count on the selected tab
          i d            insert / delete a tab after the selected one
          u              a server update: a new channel list (some tabs gone,
                         some new, some renamed, one moved); the selected
                         channel stays selected and in place
          m              drag the selected tab to reorder it: ← → move it,
                         Enter drops it, Esc cancels
          p              pin the first tab and the last one (again: unpin)
          r              toggle right-to-left
          [ ]            swipe the page to the previous / next tab
          { }            drag the page 3 columns back / on (held: more); released
                         0.3 s after the last press
          , .            move the screen reader's focus by one tab
          - =            … by ten tabs
          _ +            … by a hundred tabs
          f N Enter      move the focus to tab N
          Enter          activate the focused tab (select it)
          q Ctrl-C       quit

        key script (--keys)
          printable characters are keys (b ] g 4 …); spaces separate tokens
          → ← arrows, ⇧→ ⇧← shift-arrows
          <right> <left> <S-right> <S-left> <home> <end> <pgup> <pgdn>
          <enter> <esc> <bs> <space> <C-c>
          <click:X,Y> <wheelup:X,Y> <wheeldown:X,Y>   1-based column, row
          <wait:S>  let S seconds pass     <frames:N>  let N frames pass
          <resize:WxH>  resize the screen (1…1000 columns, 1…500 rows)
          after a key not followed by <wait> or <frames>, frames play until
          nothing moves
          example: tabstrip-demo --size 100x12 --keys "→→ b ]]" --dump

        Titles are drawn in display columns (wide CJK and emoji take two);
        the selected title's colour and scale come from the engine, scale
        shown as bold from halfway. Exit status 2 on bad arguments; what was
        typed is quoted with control characters escaped.
        """
}
