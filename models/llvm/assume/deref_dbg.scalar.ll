; ModuleID = 'deref_dbg.c'
source_filename = "deref_dbg.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read, inaccessiblemem: write) uwtable
define dso_local range(i32 -1, 16) i32 @find_in_64_bytes(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #0 !dbg !13 {
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %0, i64 64) ], !dbg !16
  br label %3, !dbg !17

3:                                                ; preds = %2, %8
  %4 = phi i64 [ 0, %2 ], [ %9, %8 ]
  %5 = getelementptr inbounds nuw i32, ptr %0, i64 %4, !dbg !18
  %6 = load i32, ptr %5, align 4, !dbg !18, !tbaa !9
  %7 = icmp eq i32 %6, %1, !dbg !19
  br i1 %7, label %11, label %8, !dbg !20

8:                                                ; preds = %3
  %9 = add nuw nsw i64 %4, 1, !dbg !21
  %10 = icmp eq i64 %9, 16, !dbg !22
  br i1 %10, label %14, label %3, !dbg !23, !llvm.loop !24

11:                                               ; preds = %3
  %12 = phi i64 [ %4, %3 ]
  %13 = trunc nuw nsw i64 %12 to i32
  br label %15, !dbg !29

14:                                               ; preds = %8
  br label %15, !dbg !29

15:                                               ; preds = %14, %11
  %16 = phi i32 [ %13, %11 ], [ -1, %14 ]
  ret i32 %16, !dbg !29
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i32 -1, 16) i32 @find_no_assume(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #2 !dbg !30 {
  br label %3, !dbg !31

3:                                                ; preds = %2, %8
  %4 = phi i64 [ 0, %2 ], [ %9, %8 ]
  %5 = getelementptr inbounds nuw i32, ptr %0, i64 %4, !dbg !32
  %6 = load i32, ptr %5, align 4, !dbg !32, !tbaa !9
  %7 = icmp eq i32 %6, %1, !dbg !33
  br i1 %7, label %11, label %8, !dbg !34

8:                                                ; preds = %3
  %9 = add nuw nsw i64 %4, 1, !dbg !35
  %10 = icmp eq i64 %9, 16, !dbg !36
  br i1 %10, label %13, label %3, !dbg !37, !llvm.loop !38

11:                                               ; preds = %3
  %12 = trunc nuw nsw i64 %4 to i32
  br label %13, !dbg !41

13:                                               ; preds = %8, %11
  %14 = phi i32 [ %12, %11 ], [ -1, %8 ]
  ret i32 %14, !dbg !41
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read, inaccessiblemem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #2 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7}
!llvm.ident = !{!8}
!llvm.errno.tbaa = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "deref_dbg.c", directory: "/work/main/models/llvm/assume", checksumkind: CSK_MD5, checksum: "45111bb6f0331b64731da44b2e57a41a")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C/C++ TBAA"}
!13 = distinct !DISubprogram(name: "find_in_64_bytes", scope: !1, file: !1, line: 4, type: !14, scopeLine: 4, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, keyInstructions: true)
!14 = !DISubroutineType(types: !15)
!15 = !{}
!16 = !DILocation(line: 5, column: 3, scope: !13)
!17 = !DILocation(line: 6, column: 3, scope: !13, atomGroup: 11, atomRank: 1)
!18 = !DILocation(line: 7, column: 9, scope: !13)
!19 = !DILocation(line: 7, column: 14, scope: !13, atomGroup: 4, atomRank: 2)
!20 = !DILocation(line: 7, column: 14, scope: !13, atomGroup: 4, atomRank: 1)
!21 = !DILocation(line: 6, column: 28, scope: !13, atomGroup: 6, atomRank: 2)
!22 = !DILocation(line: 6, column: 21, scope: !13, atomGroup: 2, atomRank: 1)
!23 = !DILocation(line: 6, column: 3, scope: !13, atomGroup: 3, atomRank: 1)
!24 = distinct !{!24, !25, !26, !27, !28}
!25 = !DILocation(line: 6, column: 3, scope: !13)
!26 = !DILocation(line: 7, column: 27, scope: !13)
!27 = !{!"llvm.loop.mustprogress"}
!28 = !{!"llvm.loop.unroll.disable"}
!29 = !DILocation(line: 9, column: 1, scope: !13, atomGroup: 9, atomRank: 1)
!30 = distinct !DISubprogram(name: "find_no_assume", scope: !1, file: !1, line: 12, type: !14, scopeLine: 12, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, keyInstructions: true)
!31 = !DILocation(line: 13, column: 3, scope: !30, atomGroup: 13, atomRank: 1)
!32 = !DILocation(line: 14, column: 9, scope: !30)
!33 = !DILocation(line: 14, column: 14, scope: !30, atomGroup: 4, atomRank: 2)
!34 = !DILocation(line: 14, column: 14, scope: !30, atomGroup: 4, atomRank: 1)
!35 = !DILocation(line: 13, column: 28, scope: !30, atomGroup: 6, atomRank: 2)
!36 = !DILocation(line: 13, column: 21, scope: !30, atomGroup: 2, atomRank: 1)
!37 = !DILocation(line: 13, column: 3, scope: !30, atomGroup: 3, atomRank: 1)
!38 = distinct !{!38, !39, !40, !27, !28}
!39 = !DILocation(line: 13, column: 3, scope: !30)
!40 = !DILocation(line: 14, column: 27, scope: !30)
!41 = !DILocation(line: 16, column: 1, scope: !30, atomGroup: 9, atomRank: 1)
