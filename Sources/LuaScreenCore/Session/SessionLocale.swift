/// The locale a session shows its screens in and that locale's strings (Localisation.swift
/// selects them when the session opens).
///
/// A plain value owned by one `Session` and mutated in place (`session.localisation.x = ...`),
/// bound, as the session is, to the session's thread (not `Sendable`).
struct SessionLocale {
    /// The locale asked for (`de_DE` of `de_DE.UTF-8`), as `ctx.locale` gives it; nil: none.
    var locale: String?
    /// The selected locale's strings: text as written → text shown.
    var translations: [String: String] = [:]
    /// The selected locale's strings of each screen that has its own (`screen { strings = }`),
    /// by screen id: looked up first for the texts that screen shows.
    var byScreen: [String: [String: String]] = [:]
}
