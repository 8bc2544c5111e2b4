import Testing

// PLACEHOLDER — replaced by the real tests of this area.
@Test func placeholder_ShinobiTests() {}
