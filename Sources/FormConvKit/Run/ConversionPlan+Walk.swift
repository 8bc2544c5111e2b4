import Foundation
import FormIR

extension ConversionPlan {
    /// The jobs of the directory `root`: one per convertible file, at its path relative to `root`
    /// under `output`, in path order; one failing job per entry the walk could not read; a note per
    /// link to a directory. The output directory is left out when it lies inside `root` (a `root`
    /// inside the output directory is walked whole).
    static func walkJobs(_ root: String, output: String, excluding outRoot: String, target: FormatID,
                         into jobs: inout [ConversionJob], notes: inout [PlanNote]) {
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        let excluded = outRoot.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") ? outRoot : nil
        let entries = DirectoryWalk.walk(root, skipsDirectory: { rel in
            excluded != nil && (rootPath == "/" ? "/" + rel : rootPath + "/" + rel) == excluded
        }, wantsFile: { name in
            inputExtensions.contains((name as NSString).pathExtension.lowercased())
        })
        for (rel, entry) in entries {
            let path = rel.isEmpty ? root : (root as NSString).appendingPathComponent(rel)
            switch entry {
            case .linkToDirectory:
                notes.append(PlanNote(path: path, diagnostic: Diagnostic(.note, id: "input.link-not-followed",
                    "a symbolic link to a directory, not followed (name the directory itself to convert it)")))
            case .file:
                let dest = (output as NSString).appendingPathComponent(
                    ((rel as NSString).deletingLastPathComponent as NSString).appendingPathComponent(outputName(rel, target)))
                jobs.append(ConversionJob(input: path, destination: .file(dest)))
            case .problem(let why):
                var job = ConversionJob(input: path, destination: .file((output as NSString).appendingPathComponent(rel)))
                job.unreadable = why
                jobs.append(job)
            }
        }
    }
}
