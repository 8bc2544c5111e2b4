/// formconv's version, printed by `formconv --version`.
public enum FormConvVersion {
    /// The version string (semantic versioning).
    public static let current = "0.1.0"
}
