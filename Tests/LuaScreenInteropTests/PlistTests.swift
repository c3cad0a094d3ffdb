import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import LuaScreenInterop

/// The plist reader (binary and XML) and writer that export and import use.
final class PlistTests: XCTestCase {
    /// Written by Python's plistlib (FMT_BINARY, keys in this order):
    /// {"s": "ascii", "u": "café 😀", "i1": 7, "i2": 300, "i4": 70000, "i8": 5000000000, "neg": -1,
    ///  "r": 0.25, "t": True, "f": False, "d": 2026-11-30 12:00:00, "data": b"\x00\x01\xff",
    ///  "a": [1, "two", [3]], "e": {}, "long": "x" * 20}
    static let pythonBinary = """
    62706c6973743030df100f0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c212251735175526931526932526934526938536e65675172517451665164546461746151615165546c6f6e675561736369696700630061006600e90020d83dde00100711012c120001117013000000012a05f20013ffffffffffffffff233fd000000000000009083341c85ece60000000430001ffa31d1e1f10015374776fa1201003d05f1014787878787878787878787878787878787878787808292b2d303336393d3f4143454a4c4e5359686a6d727b848d8e8f989ca0a2a6a8aaab00000000000001010000000000000023000000000000000000000000000000c2
    """

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8.filter { $0 != 10 && $0 != 32 })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    static var expected: PlistValue {
        .dictionary([
            ("s", .string("ascii")), ("u", .string("café 😀")), ("i1", .integer(7)), ("i2", .integer(300)),
            ("i4", .integer(70000)), ("i8", .integer(5_000_000_000)), ("neg", .integer(-1)), ("r", .real(0.25)),
            ("t", .bool(true)), ("f", .bool(false)), ("d", .date(ISODate.parse("2026-11-30T12:00:00Z")!)),
            ("data", .data([0, 1, 255])), ("a", .array([.integer(1), .string("two"), .array([.integer(3)])])),
            ("e", .dictionary([])), ("long", .string(String(repeating: "x", count: 20))),
        ])
    }

    func testBinaryReaderReadsWhatPlistlibWrites() throws {
        XCTAssertEqual(try PlistReader.read(Self.bytes(Self.pythonBinary)), Self.expected)
    }

    func testEveryCutOfABinaryPlistIsAnErrorNeverACrash() {
        let whole = Self.bytes(Self.pythonBinary)
        for length in 0..<whole.count {
            XCTAssertThrowsError(try PlistReader.read(Array(whole[0..<length])), "cut at \(length)") { error in
                XCTAssertTrue(error is PlistReadError, "cut at \(length): \(error)")
            }
        }
    }

    func testDamagedBytesAreReadOrRefusedNeverACrash() {
        let whole = Self.bytes(Self.pythonBinary)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        var refused = 0
        for _ in 0..<3000 {
            var damaged = whole
            for _ in 0..<(1 + Int(next() % 3)) {
                damaged[8 + Int(next() % UInt64(whole.count - 8))] = UInt8(truncatingIfNeeded: next())
            }
            do { _ = try PlistReader.read(damaged) } catch { refused += 1; XCTAssertTrue(error is PlistReadError) }
        }
        XCTAssertGreaterThan(refused, 0)
    }

    /// A binary plist from parts: objects (each its bytes), 1-byte offsets and references.
    static func binary(_ objects: [[UInt8]], top: UInt8 = 0) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects { offsets.append(UInt8(out.count)); out += object }
        let table = UInt64(out.count)
        out += offsets
        out += [0, 0, 0, 0, 0, 0, 1, 1]
        for n in [UInt64(objects.count), UInt64(top), table] { out += (0..<8).reversed().map { UInt8(n >> (8 * UInt64($0)) & 0xFF) } }
        return out
    }

    func testACycleIsRefusedWithItsByte() {
        // Object 0 is an array holding object 1, which holds object 0.
        let data = Self.binary([[0xA1, 1], [0xA1, 0]])
        XCTAssertThrowsError(try PlistReader.read(data)) { error in
            let e = error as! PlistReadError
            XCTAssertEqual(e.position, .byte(10))
            XCTAssertTrue(e.message.contains("a cycle"), e.message)
        }
    }

    func testObjectsNamedOverAndOverAreRefusedNotExpanded() {
        // 40 arrays, each holding the next one twice: 2^40 values if expanded.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        XCTAssertThrowsError(try PlistReader.read(Self.binary(objects))) { error in
            XCTAssertTrue((error as! PlistReadError).message.contains("more than"), "\(error)")
        }
    }

    func testReferencesAndOffsetsOutsideTheFileAreRefused() {
        XCTAssertThrowsError(try PlistReader.read(Self.binary([[0xA1, 7]]))) { error in
            XCTAssertEqual((error as! PlistReadError).message, "object 0 refers to object 7, but there are 1")
        }
        XCTAssertThrowsError(try PlistReader.read(Self.binary([[0x5F, 0x10, 40, 65]]))) { error in
            XCTAssertTrue((error as! PlistReadError).message.contains("runs past the end"), "\(error)")
        }
        XCTAssertThrowsError(try PlistReader.read(Self.binary([[0xD1, 1, 2], [0x10, 1], [0x09]]))) { error in
            XCTAssertEqual((error as! PlistReadError).message, "object 0: dictionary key 1 is not a string")
        }
        XCTAssertThrowsError(try PlistReader.read(Self.binary([[0x80, 1]]))) { error in
            XCTAssertTrue((error as! PlistReadError).message.contains("UID"), "\(error)")
        }
    }

    func testWriterOutputReadsBackTheSameValue() throws {
        let tricky = PlistValue.dictionary([
            ("text", .string("a & b < c > d \"e\" 'f'\ttab\nnewline ]]> café 😀")),
            ("control", .string("bell\u{7}gone")),
            ("numbers", .array([.integer(-5), .integer(Int64.max), .real(0.1), .real(-2.5e-300), .real(1e20)])),
            ("flags", .array([.bool(true), .bool(false)])),
            ("when", .date(ISODate.parse("1999-12-31T23:59:59Z")!)),
            ("bytes", .data(Array(0...255))),
            ("empty", .dictionary([])), ("none", .array([])), ("blank", .string("")),
        ])
        let xml = PlistWriter.xml(tricky)
        var expected = tricky
        if case .dictionary(var members) = expected {
            // XML 1.0 cannot hold C0 controls other than tab, newline and carriage return.
            members[1].value = .string("bellgone")
            expected = .dictionary(members)
        }
        XCTAssertEqual(try PlistReader.read(Array(xml.utf8)), expected)
    }

    func testWriterWritesApplesLayout() {
        let value = PlistValue.dictionary([("PreferenceSpecifiers", .array([.dictionary([("Type", .string("PSGroupSpecifier")), ("On", .bool(true))])])), ("N", .real(1.5))])
        XCTAssertEqual(PlistWriter.xml(value), """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>PreferenceSpecifiers</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>Type</key>
        \t\t\t<string>PSGroupSpecifier</string>
        \t\t\t<key>On</key>
        \t\t\t<true/>
        \t\t</dict>
        \t</array>
        \t<key>N</key>
        \t<real>1.5</real>
        </dict>
        </plist>

        """)
    }

    func testXMLReaderNamesLineAndColumn() {
        let cases: [(String, PlistReadError.Position, String)] = [
            ("<plist>\n<dict>\n  <key>a</key>\n</dict></plist>", .line(4, column: 1), "<key>a</key> has no value"),
            ("<plist><array><string>x</strin></array></plist>", .line(1, column: 24), "expected </string>, found </strin>"),
            ("<plist>\n <integer>1.5</integer></plist>", .line(2, column: 2), "<integer> holds \"1.5\", not a whole number that fits 64 bits"),
            ("<plist><string>&bogus;</string></plist>", .line(1, column: 16), "unknown entity &bogus;"),
            ("<plist><dict><string>x</string></dict></plist>", .line(1, column: 14), "expected <key> in <dict>, found <string>"),
            ("<plist><true/></plist> extra", .line(1, column: 24), "text after </plist>"),
        ]
        for (text, position, message) in cases {
            XCTAssertThrowsError(try PlistReader.read(Array(text.utf8)), text) { error in
                XCTAssertEqual(error as? PlistReadError, PlistReadError(position, message), text)
            }
        }
    }

    func testXMLReaderGivesTheLineOfEachValue() throws {
        let text = "<plist>\n<dict>\n<key>A</key>\n<array>\n<dict><key>x</key><true/></dict>\n\n<string>b</string>\n</array>\n<key>B</key><integer>1</integer>\n</dict></plist>"
        let (value, lines) = try PlistReader.readWithLines(Array(text.utf8))
        let at = { (path: [PlistLines.PathStep]) in lines?.line(of: path, in: value) }
        XCTAssertEqual(at([]), 2)
        XCTAssertEqual(at([.key("A")]), 4)
        XCTAssertEqual(at([.key("A"), .index(0)]), 5)
        XCTAssertEqual(at([.key("A"), .index(0), .key("x")]), 5)
        XCTAssertEqual(at([.key("A"), .index(1)]), 7)
        XCTAssertEqual(at([.key("B")]), 9)
        XCTAssertNil(at([.key("C")]))
        XCTAssertNil(try PlistReader.readWithLines(Self.bytes(Self.pythonBinary)).lines)
    }

    func testXMLReaderTakesCommentsCDATAAndEntities() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment -->
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><!-- inside -->
          <key>a</key><string><![CDATA[<raw> & ]]>&#x41;&#66;&amp;</string>
          <key>b</key><integer> 0x10 </integer>
          <key>c</key><data>AAEC
          /w==</data>
        </dict></plist>
        """
        XCTAssertEqual(try PlistReader.read(Array(text.utf8)),
                       .dictionary([("a", .string("<raw> & AB&")), ("b", .integer(16)), ("c", .data([0, 1, 2, 255]))]))
    }

    func testDamagedXMLIsReadOrRefusedNeverACrash() {
        let whole = Array(PlistWriter.xml(Self.expected).utf8)
        var seed: UInt64 = 42
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        let alphabet = Array("<>/&;![]-?=\"' \nadkeystringtrue".utf8) + [0xFF, 0xC3, 0x00]
        var refused = 0
        for _ in 0..<3000 {
            var damaged = whole
            for _ in 0..<(1 + Int(next() % 3)) {
                let at = Int(next() % UInt64(damaged.count))
                switch next() % 3 {
                case 0: damaged[at] = alphabet[Int(next() % UInt64(alphabet.count))]
                case 1: damaged.remove(at: at)
                default: damaged.insert(alphabet[Int(next() % UInt64(alphabet.count))], at: at)
                }
            }
            do { _ = try PlistReader.read(damaged) } catch {
                refused += 1
                // A line and column, or the whole file (emptied, or a UTF-16 mark made).
                guard let position = (error as? PlistReadError)?.position, position != .byte(0) else {
                    return XCTFail("not a PlistReadError: \(error)")
                }
                if case .byte = position { return XCTFail("an XML error with a byte offset: \(error)") }
            }
        }
        XCTAssertGreaterThan(refused, 1000)
    }

    func testDatesRoundTrip() {
        XCTAssertEqual(ISODate.parse("2001-01-01T00:00:00Z"), 0)
        XCTAssertEqual(ISODate.format(0), "2001-01-01T00:00:00Z")
        for text in ["1970-01-01T00:00:00Z", "2024-02-29T23:59:59Z", "2100-03-01T00:00:00Z", "1900-12-31T12:30:45Z"] {
            XCTAssertEqual(ISODate.parse(text).map(ISODate.format), text)
        }
        XCTAssertNil(ISODate.parse("2026-02-30T00:00:00Z"))
        XCTAssertNil(ISODate.parse("2026-11-30 12:00:00"))
    }

    func testStringsFileReaderTakesWhatXcodeWrites() throws {
        let text = "/* A comment */\n\"Say \\\"hi\\\"\" = \"Sag \\U00E4\\n\";\n// line comment\nplain = \"word\";\n\"Same\";\n"
        let expected = [("Say \"hi\"", "Sag ä\n"), ("plain", "word"), ("Same", "Same")]
        let utf8 = try StringsFileReader.read(Array(text.utf8))
        XCTAssertEqual(utf8.map { [$0.0, $0.1] }, expected.map { [$0.0, $0.1] })
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(try StringsFileReader.read(utf16).map { [$0.0, $0.1] }, expected.map { [$0.0, $0.1] })
        XCTAssertEqual(try StringsFileReader.read(Array(StringsFile.text([("a\"\\\u{1}", "b\n")]).utf8)).map { [$0.0, $0.1] }, [["a\"\\\u{1}", "b\n"]])
        XCTAssertThrowsError(try StringsFileReader.read(Array("\"a\" = \"b\"\n\"c\" = \"d\";".utf8))) { error in
            XCTAssertEqual(error as? PlistReadError, PlistReadError(.line(2, column: 1), "expected ; after \"a\""))
        }
    }

    /// Issue 42: linphone's `en.lproj/Chat.strings` ends without the last `;` (iOS reads it):
    /// its pairs are kept; a `;` missing between two pairs is still an error.
    func testStringsFileWithoutTheLastSemicolonKeepsItsPairs() throws {
        let pairs = try StringsFileReader.read(Array("\"A\" = \"a\";\n\"B\" = \"b\"\n".utf8))
        XCTAssertEqual(pairs.map { [$0.0, $0.1] }, [["A", "a"], ["B", "b"]])
        XCTAssertThrowsError(try StringsFileReader.read(Array("\"A\" = \"a\"\n\"B\" = \"b\";".utf8)))
        // A comment left open after the last pair ends the file (found by FuzzStrings).
        let open = try StringsFileReader.read(Array("\"A\" = \"a\" /* no end".utf8))
        XCTAssertEqual(open.map { [$0.0, $0.1] }, [["A", "a"]])
    }

    func testStringsFileEscapes() {
        XCTAssertEqual(StringsFile.text([("Say \"hi\"\n", "Sag \\ \"hallo\""), ("a\u{1}", "b")]),
                       "\"Say \\\"hi\\\"\\n\" = \"Sag \\\\ \\\"hallo\\\"\";\n\"a\\U0001\" = \"b\";\n")
    }

    /// An app made in Swift, exported with translations: `de.lproj/Root.strings` (the table iOS
    /// reads for Root.plist, so no StringsTable key) holds the translations of the strings it
    /// shows, then the ones no pane shows.
    func testExportWritesTheStringsOfEachLanguage() {
        var toggle = Row(id: "wifi", kind: .toggle, text: .value("Wi-Fi"))
        toggle.binding = Binding(key: "wifi", defaultValue: .bool(true))
        var choice = Row(id: "theme", kind: .choice, text: .value("Theme"))
        var binding = Binding(key: "theme", defaultValue: .string("dark"))
        binding.options = .value([ChoiceOption(value: .string("light"), text: "Light"), ChoiceOption(value: .string("dark"), text: "Dark")])
        choice.binding = binding
        let screen = Screen(id: "main", title: "Settings",
                            sections: .value([Section(id: "net", header: "Network", footer: "Untranslated footer", rows: [toggle, choice])]))
        let app = App(root: "main", storeName: nil, screens: [screen], file: "app.lua")
        let result = Exporter.export(app, format: .settingsBundle,
                                     strings: ["de": ["Network": "Netzwerk", "Wi-Fi": "WLAN", "Dark": "Dunkel", "Unused": "Ungenutzt"]])
        XCTAssertEqual(result.files.map(\.path), ["Root.plist", "de.lproj/Root.strings"])
        XCTAssertEqual(result.files[1].contents, "\"Network\" = \"Netzwerk\";\n\"Wi-Fi\" = \"WLAN\";\n\"Dark\" = \"Dunkel\";\n\"Unused\" = \"Ungenutzt\";\n")
        let root = try? PlistReader.read(Array(result.files[0].contents.utf8))
        XCTAssertNil(root?["StringsTable"])
        XCTAssertEqual(root?["PreferenceSpecifiers"]?.array?.count, 3)
        XCTAssertTrue(result.warnings.isEmpty)
        // Without translations there is no strings table.
        let plain = Exporter.export(app, format: .settingsBundle)
        XCTAssertEqual(plain.files.map(\.path), ["Root.plist"])
        XCTAssertNil((try? PlistReader.read(Array(plain.files[0].contents.utf8)))?["StringsTable"])
    }
}
