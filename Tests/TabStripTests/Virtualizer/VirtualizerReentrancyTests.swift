import TabStripTestSupport
import Testing

@testable import TabStripCore
@testable import TabStripMotion
@testable import TabStripSync

/// Every host callback calls back into the engine with every mutating call:
/// the throwing ones are refused with `reentrantCall` and change nothing,
/// the non-throwing ones are applied once the running update has ended,
/// and the host's screen always matches the strip.
@Suite struct VirtualizerReentrancyTests {
    typealias V = TabStripVirtualizer<RecordingHost>

    /// A mutating call a callback makes: its name as the error reports it
    /// and what it does to a plain strip when it is deferred (nil for the
    /// throwing calls, which must be refused).
    struct Inner {
        var name: String
        var call: (V) throws(TabStripError) -> Void
        var deferredEffect: ((inout TabStrip) -> Void)?
    }

    static let newStyle = try! TitleStyle(
        restColor: RGBA(red: 0.1, green: 0.2, blue: 0.3, alpha: 1),
        selectedColor: RGBA(red: 0.9, green: 0.1, blue: 0.1, alpha: 1),
        restScale: 1, selectedScale: 1.2)
    static let newIndicator = try! IndicatorStyle(height: 5)

    static var inners: [Inner] {
        [
            Inner(name: "setContentOffset(_:)", call: { v throws(TabStripError) in try v.setContentOffset(900) }),
            Inner(
                name: "setViewport(_:)",
                call: { v throws(TabStripError) in try v.setViewport(Viewport(width: 200, height: 30)) }),
            Inner(
                name: "setLayout(_:)", call: { v throws(TabStripError) in try v.setLayout(TabStripLayout(spacing: 9)) }),
            Inner(name: "select(_:scroll:)", call: { v throws(TabStripError) in try v.select(7) }),
            Inner(name: "reveal(_:scroll:)", call: { v throws(TabStripError) in try v.reveal(9, scroll: .trailing) }),
            Inner(
                name: "moveAccessibilityFocus(_:)",
                call: { v throws(TabStripError) in try v.moveAccessibilityFocus(.by(10)) }),
            Inner(
                name: "setPagerProgress(_:)",
                call: { v throws(TabStripError) in
                    try v.setPagerProgress(
                        PagerProgress(
                            currentIndex: v.strip.selectedIndex ?? 0, progress: 0.5, pageCount: v.strip.tabCount))
                }),
            Inner(
                name: "setTransition(to:fraction:)",
                call: { v throws(TabStripError) in try v.setTransition(to: 1, fraction: 0.5) }),
            Inner(
                name: "insertTabs(_:id:title:at:)",
                call: { v throws(TabStripError) in
                    try v.insertTabs([900, 901], id: { $0 }, title: { "new \($0)" }, at: 0)
                }),
            Inner(
                name: "removeTabs(in:)", call: { v throws(TabStripError) in try v.removeTabs(in: 0..<v.strip.tabCount) }
            ),
            Inner(name: "moveTab(from:to:)", call: { v throws(TabStripError) in try v.moveTab(from: 0, to: 5) }),
            Inner(
                name: "apply(_:)",
                call: { v throws(TabStripError) in
                    let ids = (0..<v.strip.tabCount).compactMap { try? v.strip.id(ofTab: $0, as: Int.self) }
                    try v.apply(v.strip.changes(to: ids.reversed(), id: { $0 }, title: { "t\($0)" }))
                }),
            Inner(name: "renameTab(_:to:)", call: { v throws(TabStripError) in try v.renameTab(1, to: "renamed tab") }),
            Inner(name: "setBadge(_:ofTab:)", call: { v throws(TabStripError) in try v.setBadge(.count(5), ofTab: 2) }),
            Inner(
                name: "apply(_:)",
                call: { v throws(TabStripError) in
                    try v.apply(v.strip.changes(to: [950], id: { $0 }, title: { _ in "only" }))
                }
            ),
            Inner(name: "setSizing(_:)", call: { v throws(TabStripError) in try v.setSizing(.equalDivision()) }),
            Inner(name: "endTransition()", call: { v in v.endTransition() }, deferredEffect: { $0.endTransition() }),
            Inner(
                name: "setTitleStyle(_:)", call: { v in v.setTitleStyle(newStyle) },
                deferredEffect: { $0.titleStyle = newStyle }),
            Inner(
                name: "setIndicatorStyle(_:)", call: { v in v.setIndicatorStyle(newIndicator) },
                deferredEffect: { $0.indicatorStyle = newIndicator }),
        ]
    }

    /// The outer calls that make the virtualiser call its host, with the
    /// same change applied to a plain strip.
    struct Outer {
        var name: String
        var call: (V) throws(TabStripError) -> Void
        var onStrip: (inout TabStrip) throws(TabStripError) -> Void
    }

    static var outers: [Outer] {
        [
            Outer(
                name: "scroll", call: { v throws(TabStripError) in try v.setContentOffset(2_500) },
                onStrip: { s throws(TabStripError) in try s.setContentOffset(2_500) }),
            Outer(
                name: "select", call: { v throws(TabStripError) in try v.select(12) },
                onStrip: { s throws(TabStripError) in try s.select(12) }),
            Outer(
                name: "insert",
                call: { v throws(TabStripError) in
                    try v.insertTabs([800, 801, 802], id: { $0 }, title: Self.inserted, at: 1)
                },
                onStrip: { s throws(TabStripError) in
                    try s.insertTabs([800, 801, 802], id: { $0 }, title: Self.inserted, at: 1)
                }),
            Outer(
                name: "remove", call: { v throws(TabStripError) in try v.removeTabs(in: 0..<6) },
                onStrip: { s throws(TabStripError) in try s.removeTabs(in: 0..<6) }),
            Outer(
                name: "newList",
                call: { v throws(TabStripError) in
                    try v.apply(v.strip.changes(to: 700..<730, id: { $0 }, title: { "r\($0)" }))
                },
                onStrip: { s throws(TabStripError) in
                    try s.apply(s.changes(to: 700..<730, id: { $0 }, title: { "r\($0)" }))
                }),
            Outer(
                name: "sizing", call: { v throws(TabStripError) in try v.setSizing(.fixed(width: 33)) },
                onStrip: { s throws(TabStripError) in try s.setSizing(.fixed(width: 33)) }),
            Outer(
                name: "shrink", call: { v throws(TabStripError) in try v.setViewport(Viewport(width: 40, height: 44)) },
                onStrip: { s throws(TabStripError) in try s.setViewport(Viewport(width: 40, height: 44)) }),
            Outer(
                name: "titleStyle", call: { v in v.setTitleStyle(.douyin) },
                onStrip: { s in s.titleStyle = .douyin }),
        ]
    }

    static func inserted(_ id: Int) -> String { id == 800 ? "★a" : "t\(id)" }

    static func makeStrip() throws -> TabStrip {
        let titles = (0..<40).map { $0 % 5 == 0 ? "★tab \($0)" : "tab \($0)" }
        return try TabStrip(
            tabs: titles.indices, id: { $0 }, title: { titles[$0] }, viewport: Viewport(width: 320, height: 44))
    }

    @Test func everyCallbackAgainstEveryMutatingCall() throws {
        var fired = Set<RecordingHost.Callback>()
        for callback in RecordingHost.Callback.allCases {
            for inner in Self.inners {
                for outer in Self.outers {
                    let host = RecordingHost()
                    host.usesKinds = true
                    let v = try V(strip: Self.makeStrip(), host: host, poolLimit: 1)
                    var expected = v.strip
                    try outer.onStrip(&expected)
                    var result: Result<Void, TabStripError>?
                    host.onCallback = { [unowned v] seen in
                        guard seen == callback, result == nil else { return }
                        fired.insert(callback)
                        do throws(TabStripError) {
                            try inner.call(v)
                            result = .success(())
                        } catch {
                            result = .failure(error)
                        }
                    }
                    let note = "\(callback) -> \(inner.name) during \(outer.name)"
                    try outer.call(v)
                    host.onCallback = nil
                    guard let result else { continue }
                    if let effect = inner.deferredEffect {
                        guard case .success = result else {
                            Issue.record("\(note): a deferred call failed: \(result)")
                            continue
                        }
                        effect(&expected)
                    } else {
                        guard case .failure(let error) = result else {
                            Issue.record("\(note): accepted from inside a callback")
                            continue
                        }
                        #expect(error == .reentrantCall(operation: inner.name), "\(note): \(error)")
                    }
                    // The refused call changed nothing; a deferred one was applied.
                    #expect(Array(v.strip.titles) == Array(expected.titles), "\(note): titles")
                    #expect(v.strip.selectedIndex == expected.selectedIndex, "\(note): selection")
                    #expect(v.strip.contentOffset == expected.contentOffset, "\(note): offset")
                    #expect(v.strip.transition == expected.transition, "\(note): transition")
                    #expect(v.strip.titleStyle == expected.titleStyle, "\(note): title style")
                    #expect(v.strip.indicatorStyle == expected.indicatorStyle, "\(note): indicator style")
                    try TabStripVirtualizerTests.expectScreenMatches(v, host, note)
                    // And the virtualiser takes ordinary calls again.
                    try v.setContentOffset(0)
                    try TabStripVirtualizerTests.expectScreenMatches(v, host, note + ", then scrolled back")
                }
            }
        }
        // Every callback was exercised by at least one outer call.
        #expect(
            fired == Set(RecordingHost.Callback.allCases),
            "never fired: \(Set(RecordingHost.Callback.allCases).subtracting(fired))")
    }

    /// The issue's cases: a host whose `apply` removes every tab, whose
    /// `configure` scrolls and whose `place` inserts tabs.
    @Test func theReportedHosts() throws {
        for callback in [RecordingHost.Callback.apply, .configure, .place] {
            let host = RecordingHost()
            let v = try V(strip: Self.makeStrip(), host: host)
            var errors: [TabStripError] = []
            host.onCallback = { [unowned v] seen in
                guard seen == callback else { return }
                do throws(TabStripError) {
                    switch callback {
                    case .apply: try v.removeTabs(in: 0..<v.strip.tabCount)
                    case .configure: try v.setContentOffset(700)
                    default: try v.insertTabs(["x", "y"], at: 0)
                    }
                } catch { errors.append(error) }
            }
            try v.setContentOffset(1_000)
            try v.select(20)
            host.onCallback = nil
            #expect(!errors.isEmpty && errors.allSatisfy { if case .reentrantCall = $0 { true } else { false } })
            #expect(v.strip.tabCount == 40)
            try TabStripVirtualizerTests.expectScreenMatches(v, host, "\(callback)")
        }
    }
}
