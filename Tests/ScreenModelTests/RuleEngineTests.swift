import XCTest
import ScreenModel

/// The engine against what the kernel's symbol.c computes for small trees (the cases of
/// Documentation/kbuild/kconfig-language.rst).
final class RuleEngineTests: XCTestCase {
    private func def(_ name: String, _ type: SymbolType, prompt: String? = "p", depends: String? = nil,
                     defaults: [(String, String?)] = [], selects: [String] = [], implies: [String] = [],
                     choice: String? = nil) -> SymbolDefinition {
        var d = SymbolDefinition(name: name, type: type, prompt: prompt)
        d.depends = depends.map { try! RuleExpression.parse($0) }
        d.defaults = defaults.map { RuleDefault(value: try! RuleExpression.parse($0.0), when: $0.1.map { try! RuleExpression.parse($0) }) }
        d.selects = selects.map { RuleTarget(name: $0, when: nil) }
        d.implies = implies.map { RuleTarget(name: $0, when: nil) }
        d.choice = choice
        return d
    }

    private func value(_ e: RuleEngine, _ name: String) -> String { e.stringValue(e.symbol(named: name)!) }

    func testSelectRaisesAndRefusesLowering() {
        let e = RuleEngine(definitions: [def("A", .bool, selects: ["B"]), def("B", .bool, depends: "C"), def("C", .bool)], modules: nil)
        e.clearUserValues()
        XCTAssertEqual(value(e, "B"), "n")
        XCTAssertNil(e.set(e.symbol(named: "A")!, text: "y"))
        // Selected past its dependencies (C is n), as the kernel does.
        XCTAssertEqual(value(e, "B"), "y")
        XCTAssertEqual(e.visibility(e.symbol(named: "B")!), .n)
        XCTAssertEqual(e.reason(e.symbol(named: "B")!), "selected by A")
        XCTAssertNil(e.set(e.symbol(named: "C")!, text: "y"))
        XCTAssertNotNil(e.set(e.symbol(named: "B")!, text: "n"))
        XCTAssertEqual(e.explain(e.symbol(named: "B")!).filter { $0.contains("Selected by") || $0.hasPrefix("  - ") },
                       ["  Selected by [y]:", "  - A [=y]"])
    }

    func testTristateNeedsModulesAndDependsBoundsIt() {
        let e = RuleEngine(definitions: [def("MODULES", .bool), def("D", .tristate), def("T", .tristate, depends: "D")], modules: "MODULES")
        e.clearUserValues()
        let t = e.symbol(named: "T")!, d = e.symbol(named: "D")!
        XCTAssertEqual(e.assignable(d), [.n, .y])  // modules off: a bool
        XCTAssertNil(e.set(e.symbol(named: "MODULES")!, text: "y"))
        XCTAssertEqual(e.assignable(d), [.n, .m, .y])
        XCTAssertNil(e.set(d, text: "m"))
        XCTAssertEqual(e.assignable(t), [.n, .m])
        XCTAssertNotNil(e.set(t, text: "y"))
        XCTAssertNil(e.set(t, text: "m"))
        XCTAssertEqual(value(e, "T"), "m")
        XCTAssertNil(e.set(e.symbol(named: "MODULES")!, text: "n"))
        // m reads as y once modules are off, and T's bound (D) with it.
        XCTAssertEqual(value(e, "D"), "y")
        XCTAssertEqual(value(e, "T"), "y")
    }

    func testDefaultsFirstThatHoldsAndImplyIsWeak() {
        let e = RuleEngine(definitions: [
            def("X", .bool), def("N", .int, defaults: [("64", "X"), ("8", nil)]),
            def("I", .bool, implies: ["J"]), def("J", .bool),
        ], modules: nil)
        e.clearUserValues()
        XCTAssertEqual(value(e, "N"), "8")
        XCTAssertNil(e.set(e.symbol(named: "X")!, text: "y"))
        XCTAssertEqual(value(e, "N"), "64")
        XCTAssertNil(e.set(e.symbol(named: "I")!, text: "y"))
        XCTAssertEqual(value(e, "J"), "y")
        XCTAssertNil(e.set(e.symbol(named: "J")!, text: "n"))
        XCTAssertEqual(value(e, "J"), "n")
    }

    func testRangesClampDefaultsAndRefuseSets() {
        var n = def("N", .int, defaults: [("100", nil)])
        n.ranges = [RuleRange(low: .symbol("1"), high: .symbol("10"), when: nil)]
        let e = RuleEngine(definitions: [n], modules: nil)
        e.clearUserValues()
        XCTAssertEqual(value(e, "N"), "10")
        XCTAssertNotNil(e.set(e.symbol(named: "N")!, text: "11"))
        XCTAssertNotNil(e.set(e.symbol(named: "N")!, text: "x"))
        XCTAssertNil(e.set(e.symbol(named: "N")!, text: "3"))
        XCTAssertEqual(value(e, "N"), "3")
    }

    func testChoicePicksDefaultThenThePersons() {
        var c = def("C", .bool, prompt: "Pick", defaults: [("B", nil)])
        c.isChoice = true
        let e = RuleEngine(definitions: [c, def("A", .bool, choice: "C"), def("B", .bool, choice: "C")], modules: nil)
        e.clearUserValues()
        XCTAssertEqual(value(e, "B"), "y")
        XCTAssertEqual(value(e, "A"), "n")
        XCTAssertNil(e.set(e.symbol(named: "A")!, text: "y"))
        XCTAssertEqual(value(e, "A"), "y")
        XCTAssertEqual(value(e, "B"), "n")
        XCTAssertNotNil(e.set(e.symbol(named: "A")!, text: "n"))  // a visible option is only ever y
        // A .config naming only the pick (as a defconfig does) keeps it, though the choice
        // loses its own value (its other options have none): symbol.c reads the pick.
        XCTAssertTrue(e.loadConfig("CONFIG_A=y\n").isEmpty)
        XCTAssertEqual(value(e, "A"), "y")
        XCTAssertEqual(value(e, "B"), "n")
    }

    func testConfigWrittenAndReadBack() {
        let e = RuleEngine(definitions: [def("A", .bool, selects: ["B"]), def("B", .bool), def("S", .string, defaults: [("\"a\\\"b\"", nil)]),
                                         def("H", .hex, defaults: [("0x10", nil)])], modules: nil)
        e.clearUserValues()
        _ = e.set(e.symbol(named: "A")!, text: "y")
        let text = e.configText(title: "T", entries: ["A", "B", "S", "H"].map { .symbol($0) })
        XCTAssertEqual(text, "#\n# Automatically generated file; DO NOT EDIT.\n# T\n#\nCONFIG_A=y\nCONFIG_B=y\nCONFIG_S=\"a\\\"b\"\nCONFIG_H=0x10\n")
        let warnings = e.loadConfig("CONFIG_A=n\nCONFIG_NOPE=y\nCONFIG_H=zz\nCONFIG_S=\"x\"\n")
        XCTAssertEqual(warnings, ["line 2: unknown symbol: NOPE", "line 3: symbol value 'zz' invalid for H"])
        XCTAssertEqual(value(e, "A"), "n")
        XCTAssertEqual(value(e, "S"), "x")
    }

    func testAChangeRecomputesOnlyItsReaders() {
        // 2,000 symbols depend on HUB; 2,000 others do not: a set of HUB leaves those valid.
        var defs = [def("HUB", .bool)]
        for k in 0..<2000 { defs.append(def("D\(k)", .bool, depends: "HUB", defaults: [("y", nil)])) }
        for k in 0..<2000 { defs.append(def("O\(k)", .bool, defaults: [("y", nil)])) }
        let e = RuleEngine(definitions: defs, modules: nil)
        e.clearUserValues()
        for k in 0..<2000 { XCTAssertEqual(value(e, "O\(k)"), "y"); XCTAssertEqual(value(e, "D\(k)"), "n") }
        XCTAssertEqual(e.staleAfterChanging(e.symbol(named: "HUB")!), 2001)
        XCTAssertNil(e.set(e.symbol(named: "HUB")!, text: "y"))
        XCTAssertEqual(value(e, "D1999"), "y")
    }

    func testSettingTheValueAPersonGaveChangesNothing() {
        // The change count moves with each change that may move a value, and not when the
        // person's value is given again (a .config written at a count is current at it).
        let e = RuleEngine(definitions: [def("A", .bool), def("B", .bool, depends: "A", defaults: [("y", nil)])], modules: nil)
        e.clearUserValues()
        let a = e.symbol(named: "A")!
        XCTAssertNil(e.set(a, text: "y"))
        XCTAssertEqual(value(e, "B"), "y")
        let count = e.changeCount
        XCTAssertNil(e.set(a, text: "y"))
        XCTAssertEqual(e.changeCount, count)
        XCTAssertNil(e.set(a, text: "n"))
        XCTAssertNotEqual(e.changeCount, count)
        XCTAssertEqual(value(e, "B"), "n")
        // A refused change moves nothing either.
        XCTAssertNotNil(e.set(e.symbol(named: "B")!, text: "y"))
        XCTAssertEqual(value(e, "B"), "n")
    }

    func testWhyPrintsConditionsRebuiltFromTheirCode() {
        // Expressions are kept as codes: `why` prints them back with the values now, `m`
        // read as `m && MODULES`, a bool compared with y as itself.
        let e = RuleEngine(definitions: [def("MODULES", .bool), def("S", .bool), def("X", .tristate, depends: "S = y || m", selects: ["T"]),
                                         def("T", .tristate)], modules: "MODULES")
        e.clearUserValues()
        let x = e.symbol(named: "X")!
        XCTAssertTrue(e.explain(x).contains("  Depends on: S [=n] || m && MODULES [=n]"), "\(e.explain(x))")
        XCTAssertNil(e.set(e.symbol(named: "MODULES")!, text: "y"))
        XCTAssertNil(e.set(x, text: "m"))
        XCTAssertEqual(e.explain(e.symbol(named: "T")!).filter { $0.hasPrefix("  Selected by") || $0.hasPrefix("  - ") },
                       ["  Selected by [m]:", "  - X [=m] && (S [=n] || m && MODULES [=y])"])
        XCTAssertEqual(e.describe(try! RuleExpression.parse("S != y && !X")), "!S [=n] && !X [=m]")
    }
}
