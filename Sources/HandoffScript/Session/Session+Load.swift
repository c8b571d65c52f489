import HandoffCore

/// Loading a scene: a built-in name, a scene file or a UIKit dump (SPEC §8, §11).
extension Session {
    /// Resolves a built-in name or a scene file.
    package static func loadScene(_ ref: String, files: any FileAccess, base: String?)
        throws(SceneLoadError)
        -> Scene
    {
        try openScene(ref, files: files, base: base).scene
    }

    /// Resolves a built-in name, a scene file or a UIKit dump (recognised by its view lines,
    /// SPEC §11); for a dump, also what the importer found.
    package static func openScene(_ ref: String, files: any FileAccess, base: String?)
        throws(SceneLoadError)
        -> (scene: Scene, imported: ImportSummary?)
    {
        if let builtin = BuiltinScenes.named(ref) { return (builtin, nil) }
        let path = Paths.resolve(ref, base: base)
        let text: String
        do {
            text = try files.read(path)
        } catch {
            guard files.exists(path) else {
                throw .notFound(
                    ref: ref, suggestion: Suggest.closest(to: ref, in: BuiltinScenes.names))
            }
            throw .unreadable(path: path, message: error.message)
        }
        do throws(SceneError) {
            if UIKitDump.looksLikeDump(text) {
                let r = try UIKitImporter(
                    file: path, name: UIKitImporter.sceneName(for: path), text: text
                )
                .run()
                return (r.scene, r.imported)
            }
            return (try SceneLoader(file: path, text: text).load(), nil)
        } catch {
            throw .invalid(error)
        }
    }

    mutating func load(_ ref: String, fail: Fail) throws(Diagnostic) -> [Fact] {
        let scene: Scene
        let imported: ImportSummary?
        do {
            (scene, imported) = try Self.openScene(ref, files: files, base: baseDirectory)
        } catch {
            throw fail(error.message, .file, error.suggestion)
        }
        sim = Simulator(scene: scene)
        sceneRef = ref
        loads += 1
        debug.pending = nil
        paths = ValuePaths(sim.graph)
        spellings = Spellings(sim.graph)
        names = Names(sim.graph)
        ids = Suggest.Candidates(sim.graph.ids)
        why.forget()
        applySettingsForLoad()
        sceneAtLoad = scene
        userSettingsAtLoad = userSettings
        log.reset(checkpointState, nodes: sim.graph.count)
        rebaseline()
        return [loadedFact(imported: imported)] + loadWarnings + unresolvedAfterLoad()
    }

    /// The `load` fact of the scene loaded now.
    func loadedFact(imported: ImportSummary?) -> Fact {
        .loaded(
            scene: sim.graph.scene.name, nodes: sim.graph.count, window: sim.graph.scene.windowSize,
            imported: imported)
    }

    /// What the loaded scene says that it cannot do, as facts printed after its `load` line.
    var loadWarnings: [Fact] {
        SceneValidator.warnings(sim.graph.scene).map(Fact.sceneWarning)
    }

    /// The warnings of the scene the session started with, one line each: as text (`SCENE:
    /// warning: …`, the `load` line's text) or, under `--json`, as JSON event lines. The
    /// executable prints them on standard error, like a dump's summary.
    package func startWarnings(scene ref: String, json: Bool) -> [String] {
        SceneValidator.warnings(sim.graph.scene).map { w in
            json
                ? JSONRenderer.event(.sceneWarning(w), names: names)
                : "\(ref): warning: \(w.message)"
        }
    }

    /// The `load` event of the scene the session started with, as a JSON line: what the
    /// executable prints on standard error under `--json` when it starts on a UIKit dump.
    package func loadedEventJSON(imported: ImportSummary) -> String {
        JSONRenderer.event(loadedFact(imported: imported), names: names)
    }
}
