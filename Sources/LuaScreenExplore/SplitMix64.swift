import LuaScreenCore
import ScreenModel
/// SplitMix64, the project's one seedable generator (explore's walks, the generator tests):
/// the same seed gives the same numbers on every machine and every run, which the system
/// generator does not promise.
///
/// `Sendable`: a value (each copy draws the same numbers from there on).
package struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound > 0).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with probability `p` (0 to 1).
    public mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// The seed of walk `index` of a run seeded `seed`: each walk can be replayed alone.
    public static func walkSeed(_ seed: UInt64, walk index: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }
}
