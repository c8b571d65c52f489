/// Files every fuzz session can name: a small scene and a trace on it, so `load`, `# scene:`
/// and `replay` reach the loader and the runner without touching the disk.
package enum Fixtures {
    package static let scenePath = "scene.yaml"
    package static let tracePath = "fuzz.trace"
    package static let scene = """
        name: fuzz
        window: [390, 844]
        touch: [195, 600]
        root:
          - view: map
            frame: [0, 0, 390, 844]
            tap: true
          - sheet: sheet
            detents: {full: 100, tip: 700}
            initial: tip
            children:
              - list: list
                frame: [0, 36, 390, 708]
                rows: 40
                rowHeight: 44
        """
    package static let trace = """
        # handoff trace v1
        # scene: scene.yaml
        > pan 0 -100
        > why

        """

    package static func files(adding extra: [String: String] = [:]) -> MemoryFiles {
        var all = [scenePath: scene, tracePath: trace]
        for (k, v) in extra { all[k] = v }
        return MemoryFiles(all)
    }
}
