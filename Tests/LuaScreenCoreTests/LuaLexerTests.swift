import LuaScreenCore
import XCTest

/// The one Lua lexer: tokens, long brackets of every level, comments that look nested,
/// escapes decoded as Lua 5.4 decodes them, lines, and text that does not lex cleanly.
final class LuaLexerTests: XCTestCase {
    /// Each token as `line:kind:bytes`, a string's decoded text after `=`.
    private func tokens(_ source: String) -> [String] {
        var lexer = LuaLexer(Array(source.utf8))
        var out: [String] = []
        while let token = lexer.next() {
            var entry = "\(token.line):\(token.kind):" + String(decoding: lexer.bytes(of: token), as: UTF8.self)
            if token.kind == .string || token.kind == .longString { entry += "=" + (lexer.text(of: token) ?? "nil") }
            out.append(entry)
        }
        return out
    }

    func testNamesNumbersAndSymbols() {
        XCTAssertEqual(tokens("local x_1 = 0x1Fp-2 + 3.5e+2 .. .5 ~= a...b::c//d"), [
            "1:name:local", "1:name:x_1", "1:symbol:=", "1:number:0x1Fp-2", "1:symbol:+", "1:number:3.5e+2",
            "1:symbol:..", "1:number:.5", "1:symbol:~=", "1:name:a", "1:symbol:...", "1:name:b", "1:symbol:::",
            "1:name:c", "1:symbol://", "1:name:d",
        ])
        var lexer = LuaLexer(Array("function fn end".utf8))
        let words = [lexer.next()!, lexer.next()!, lexer.next()!]
        XCTAssertEqual(words.map { lexer.isKeyword($0) }, [true, false, true])
        XCTAssertTrue(lexer.token(words[0], is: "function"))
    }

    func testLongBracketsCloseOnlyAtTheirOwnLevel() {
        let source = """
            a = [[one ]=] ]==] still]] b = [==[
            two ]] ]=] ]===]
            ]==] c = [=[]=]
            """
        XCTAssertEqual(tokens(source), [
            "1:name:a", "1:symbol:=", "1:longString:[[one ]=] ]==] still]]=one ]=] ]==] still",
            "1:name:b", "1:symbol:=", "1:longString:[==[\ntwo ]] ]=] ]===]\n]==]=two ]] ]=] ]===]\n",
            "3:name:c", "3:symbol:=", "3:longString:[=[]=]=",
        ])
        // `[=` without a second `[` is a symbol, as is a lone `[`.
        XCTAssertEqual(tokens("t[=x"), ["1:name:t", "1:symbol:[", "1:symbol:=", "1:name:x"])
    }

    func testCommentsThatLookNested() {
        let source = """
            --[==[ outer --[[ inner ]] still
            comment ]=] ]==] x -- line --[[ not long
            --[ a line comment too
            ---[[ also a line comment
            y --[[ ]] z
            --[[ unclosed
            w
            """
        XCTAssertEqual(tokens(source), ["2:name:x", "5:name:y", "5:name:z"])
    }

    func testEscapesAreDecodedAsLuaDecodesThem() {
        XCTAssertEqual(tokens(#""a\tb\n\\\"\'" 'x\65\066\0067' "\x41\x7a" "\u{48}\u{E9}\u{20AC}" "\a\b\f\v\r""#), [
            "1:string:\"a\\tb\\n\\\\\\\"\\'\"=a\tb\n\\\"'",
            "1:string:'x\\65\\066\\0067'=xAB\u{06}7",
            "1:string:\"\\x41\\x7a\"=Az",
            "1:string:\"\\u{48}\\u{E9}\\u{20AC}\"=Hé€",
            "1:string:\"\\a\\b\\f\\v\\r\"=\u{07}\u{08}\u{0C}\u{0B}\r",
        ])
        // `\z` skips the blanks and line breaks after it; an escaped line break is one.
        let source = "s = \"one \\z\n\n    two\\\nthree\" t = 1"
        XCTAssertEqual(tokens(source), [
            "1:name:s", "1:symbol:=", "1:string:\"one \\z\n\n    two\\\nthree\"=one two\nthree",
            "4:name:t", "4:symbol:=", "4:number:1",
        ])
        // Escapes Lua refuses (and a value that is not UTF-8) leave the text nil, not the lexing.
        XCTAssertEqual(tokens(#""\q" "\256" "\xZZ" "\u{110000}" "\255" 'ok'"#).map { $0.hasSuffix("=nil") || $0.hasSuffix("=ok") },
                       [true, true, true, true, true, true])
        XCTAssertEqual(tokens(#"'ok'"#), ["1:string:'ok'=ok"])
    }

    func testLinesAndUnclosedStrings() {
        let source = "a\n\"open\nb 'also\\\" open\nc [[ never\nclosed"
        var lexer = LuaLexer(Array(source.utf8))
        var seen: [(String, Int, Bool)] = []
        while let token = lexer.next() {
            seen.append((String(decoding: lexer.bytes(of: token), as: UTF8.self), token.line, token.closed))
        }
        XCTAssertEqual(seen.map(\.0), ["a", "\"open", "b", "'also\\\" open", "c", "[[ never\nclosed"])
        XCTAssertEqual(seen.map(\.1), [1, 2, 3, 3, 4, 4])
        XCTAssertEqual(seen.map(\.2), [true, false, true, false, true, false])
        XCTAssertEqual(lexer.line, 5)
        XCTAssertEqual(tokens("\"open\n"), ["1:string:\"open=nil"])
    }

    func testAFirstLineOfHashIsSkippedAndALexerStartsAnywhere() {
        XCTAssertEqual(tokens("#!/usr/bin/env lua 'x\nreturn 1"), ["2:name:return", "2:number:1"])
        XCTAssertEqual(tokens("\u{FEFF}#!lua\nreturn"), ["2:name:return"])
        XCTAssertEqual(tokens("\u{FEFF}return"), ["1:name:return"])
        var lexer = LuaLexer(Array("x = [[a]] y".utf8), at: 4, line: 7)
        XCTAssertEqual(lexer.next().map { [$0.start, $0.end, $0.line] }, [4, 9, 7])
        XCTAssertEqual(lexer.next().map { lexer.bytes(of: $0).elementsEqual("y".utf8) }, true)
        XCTAssertNil(lexer.next())
    }
}
