/// The keyboard an `input` asks a phone for (`keyboard = "email"`): a hint the platforms
/// read (a Settings.bundle's `KeyboardType`); the terminal has one keyboard and ignores it.
public enum KeyboardKind: String, CaseIterable, Sendable {
    /// The usual letters keyboard (`Alphabet`).
    case `default`
    /// Numbers and punctuation (`NumbersAndPunctuation`).
    case numbers
    /// Digits only, a number pad (`NumberPad`).
    case digits
    /// Digits and a decimal point (InAppSettingsKit's `DecimalPad`).
    case decimal
    /// Letters with `/` and `.com` at hand (`URL`).
    case url
    /// Letters with `@` and `.` at hand (`EmailAddress`).
    case email

    /// The `KeyboardType` value of a Settings.bundle.
    public var settingsBundleName: String {
        switch self {
        case .default: return "Alphabet"
        case .numbers: return "NumbersAndPunctuation"
        case .digits: return "NumberPad"
        case .decimal: return "DecimalPad"
        case .url: return "URL"
        case .email: return "EmailAddress"
        }
    }

    /// The kind a Settings.bundle's `KeyboardType` names (nil for one luascreen has no name for).
    public init?(settingsBundleName: String) {
        guard let kind = KeyboardKind.allCases.first(where: { $0.settingsBundleName == settingsBundleName }) else { return nil }
        self = kind
    }
}

/// Which letters an `input` capitalizes as a person types (`autocapitalize = "words"`): a
/// hint (a Settings.bundle's `AutocapitalizationType`); the terminal ignores it.
public enum Autocapitalization: String, CaseIterable, Sendable {
    /// No letter (`None`).
    case none
    /// The first letter of each sentence (`Sentences`).
    case sentences
    /// The first letter of each word (`Words`).
    case words
    /// Every letter (`AllCharacters`).
    case all

    /// The `AutocapitalizationType` value of a Settings.bundle.
    public var settingsBundleName: String {
        switch self {
        case .none: return "None"
        case .sentences: return "Sentences"
        case .words: return "Words"
        case .all: return "AllCharacters"
        }
    }

    /// The style a Settings.bundle's `AutocapitalizationType` names.
    public init?(settingsBundleName: String) {
        guard let style = Autocapitalization.allCases.first(where: { $0.settingsBundleName == settingsBundleName }) else { return nil }
        self = style
    }
}
